import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PlayingCard } from '../../../components/playing-card';
import type { PvpTableView } from '../api/pvp';

/**
 * A seat at a turn-based felt (hold'em, three-card): who sits there (dealer button, leaving,
 * computer player), what is behind, the cards, the game's own lines (`children`), the clock of the
 * player to act, and once settled the hand shown and the net.
 */
export function TurnSeat({
  n,
  table,
  player,
  cards,
  button,
  turn,
  seconds,
  handNamespace,
  money,
  children,
}: {
  n: number;
  table: PvpTableView;
  /** The seat's part in the hand in play, if dealt in. */
  player: { committed: string; folded: boolean } | undefined;
  /** The cards to draw (null: face down); null draws none. */
  cards: (string | null)[] | null;
  button: number | null;
  turn: boolean;
  seconds: number | null;
  /** Where the settled hand's category is named: `holdem_hand` or `threecard_hand`. */
  handNamespace: 'holdem_hand' | 'threecard_hand';
  money: (minor: string | bigint) => string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('pvp');
  const s = table.seats.find((x) => x.seat === n);
  const hand = table.hand;
  const live = hand?.status === 'betting';
  const result = hand?.status === 'settled' ? hand.result?.seats.find((x) => x.seat === n) : undefined;
  const behind = s && player && live ? BigInt(s.stack) - BigInt(player.committed) : s ? BigInt(s.stack) : 0n;
  return (
    <li
      className={`pvp-seat${s?.mine ? ' pvp-seat--mine' : ''}${s ? '' : ' pvp-seat--empty'}${turn ? ' pvp-seat--turn' : ''}${player?.folded ? ' pvp-seat--folded' : ''}`}
      aria-label={s ? t('seat_label', { n: n + 1, player: s.player }) : t('seat_empty', { n: n + 1 })}
    >
      {s ? (
        <>
          <div className="pvp-seat__who">
            <span className="pvp-seat__name">{s.player}</span>
            {button === n && (
              <span className="pvp-seat__dealer" title={t('dealer')}>
                D
              </span>
            )}
            {s.leaving && <span className="pvp-seat__leaving">{t('leaving')}</span>}
            {s.computer && <span className="pvp-seat__computer">{t('computer')}</span>}
          </div>
          <div className="pvp-seat__stack">{money(behind)}</div>
          {cards && (
            <div className="card-row pvp-seat__cards">
              {cards.map((c, i) => (
                <PlayingCard key={i} code={c} index={i} />
              ))}
            </div>
          )}
          {children}
          {turn && seconds !== null && <div className="pvp-seat__clock">{t('to_act', { seconds })}</div>}
          {result && (
            <>
              {result.cards.length > 0 && (
                <div className="pvp-seat__hand">{t(`${handNamespace}.${result.hand}`)}</div>
              )}
              <div className={`pvp-seat__net pvp-seat__net--${BigInt(result.net) >= 0n ? 'up' : 'down'}`}>
                {BigInt(result.net) > 0n ? '+' : ''}
                {money(result.net)}
              </div>
            </>
          )}
        </>
      ) : (
        <span className="pvp-seat__open">{t('open_seat')}</span>
      )}
    </li>
  );
}
