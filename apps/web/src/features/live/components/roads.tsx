import { type RoadOutcome, beadRoad, bigRoad } from '@arcadia/games';
import { useTranslation } from '../../../lib/i18n';

const letter = { banker: 'B', player: 'P', tie: 'T' } as const;

/**
 * Baccarat's scoreboards: the bead road (every round in order, six to a column) and the big road
 * (streaks down a column, ties marked on the round before) — packages/games live/roads.ts.
 */
export function BaccaratRoads({ outcomes }: { outcomes: RoadOutcome[] }) {
  const { t } = useTranslation('live');
  const bead = beadRoad(outcomes);
  const big = bigRoad(outcomes);
  const beadCols = Math.max(12, Math.ceil(outcomes.length / 6));
  const bigCols = Math.max(20, big.columns);
  return (
    <div className="live-roads">
      <figure className="live-road">
        <figcaption>{t('bead_road')}</figcaption>
        <div
          className="live-road__grid"
          style={{ gridTemplateColumns: `repeat(${beadCols}, 22px)` }}
          role="img"
          aria-label={t('bead_road_label', { count: outcomes.length })}
        >
          {bead.map((c, i) => (
            <span
              key={i}
              className={`live-bead live-bead--${c.outcome}`}
              style={{ gridColumn: c.col + 1, gridRow: c.row + 1 }}
            >
              {t(`road_letter.${letter[c.outcome]}`)}
            </span>
          ))}
        </div>
      </figure>
      <figure className="live-road">
        <figcaption>{t('big_road')}</figcaption>
        <div
          className="live-road__grid live-road__grid--big"
          style={{ gridTemplateColumns: `repeat(${bigCols}, 16px)` }}
          role="img"
          aria-label={t('big_road_label', { count: big.cells.length })}
        >
          {big.cells.map((c, i) => (
            <span
              key={i}
              className={`live-ring live-ring--${c.outcome}`}
              style={{ gridColumn: c.col + 1, gridRow: c.row + 1 }}
            >
              {c.ties > 0 && <span className="live-ring__tie">{c.ties > 1 ? c.ties : ''}</span>}
            </span>
          ))}
        </div>
      </figure>
    </div>
  );
}
