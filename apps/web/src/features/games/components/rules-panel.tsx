import type { HouseEngineId } from '@arcadia/contract';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { SymbolArt } from '../games/slot-symbols';

interface RulesPanelProps {
  open: boolean;
  onClose(): void;
  engine: HouseEngineId;
  rules: Record<string, unknown>;
  money(minor: bigint | string): string;
}

type Rec = Record<string, unknown>;
const asRec = (v: unknown): Rec => (v && typeof v === 'object' ? (v as Rec) : {});
const asList = (v: unknown): Rec[] => (Array.isArray(v) ? (v as Rec[]) : []);
const pct = (v: unknown, digits = 2) => (typeof v === 'number' ? `${(v * 100).toFixed(digits)} %` : '–');

/** The game's rules from the engine's published data: paytable, lines or ways, RTP and limits. */
export function RulesPanel({ open, onClose, engine, rules, money }: RulesPanelProps) {
  const { t } = useTranslation('games');
  const slot = engine.startsWith('slot-');
  const minStake = String(rules.minStake ?? '');
  const maxStake = String(rules.maxStake ?? '');
  return (
    <Modal open={open} onClose={onClose} title={t('rules')} size="large">
      <div className="rules">
        <p>{t(`rules_text.${engine}`)}</p>
        <dl className="rules__facts">
          {(typeof rules.rtp === 'number' || typeof rules.rtpApprox === 'number') && (
            <>
              <dt>{t('rtp')}</dt>
              <dd data-testid="rules-rtp">
                {typeof rules.rtp === 'number' ? pct(rules.rtp) : `≈ ${pct(rules.rtpApprox)}`}
              </dd>
            </>
          )}
          {typeof rules.hitFrequency === 'number' && (
            <>
              <dt>{t('hit_frequency')}</dt>
              <dd>{pct(rules.hitFrequency)}</dd>
            </>
          )}
          {slot && (
            <>
              <dt>{t('pay_mode')}</dt>
              <dd>
                {rules.mode === 'ways'
                  ? t('ways', { count: Number(rules.ways ?? 243) })
                  : t('lines', { count: asList(rules.lines).length })}
              </dd>
            </>
          )}
          {minStake && (
            <>
              <dt>{t('stake_limits')}</dt>
              <dd>
                {money(minStake)} – {money(maxStake)}
              </dd>
            </>
          )}
        </dl>
        {slot && <SlotPaytable engine={engine} rules={rules} />}
        {engine === 'scratch' && (
          <table className="rules__table">
            <thead>
              <tr>
                <th>{t('symbol_col')}</th>
                <th>{t('prize_three')}</th>
              </tr>
            </thead>
            <tbody>
              {asList(rules.symbols).map((s) => (
                <tr key={String(s.id)}>
                  <td className="rules__symbol">
                    <SymbolArt theme="scratch" id={String(s.id)} size={28} />
                    {t(`symbol.${String(s.id)}`, { defaultValue: String(s.name) })}
                  </td>
                  <td>{`${String(s.prize)}×`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {engine === 'fishing' && (
          <table className="rules__table">
            <thead>
              <tr>
                <th>{t('fish')}</th>
                <th>{t('multiplier')}</th>
                <th>{t('catch_chance')}</th>
              </tr>
            </thead>
            <tbody>
              {asList(rules.fish).map((f) => (
                <tr key={String(f.id)}>
                  <td>{t(`fish_name.${String(f.id)}`, { defaultValue: String(f.name) })}</td>
                  <td>{`${String(f.multiplier)}×`}</td>
                  <td>{pct(f.catchProbability, 3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {engine === 'baccarat' && (
          <table className="rules__table">
            <thead>
              <tr>
                <th>{t('bet_spot')}</th>
                <th>{t('pays')}</th>
                <th>{t('house_edge')}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(asRec(rules.pays)).map(([kind, pays]) => (
                <tr key={kind}>
                  <td>{t(`spot.${kind}`)}</td>
                  <td>{String(pays)}</td>
                  <td>{pct(asRec(rules.houseEdge)[kind])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {(engine === 'dice' || engine === 'limbo' || engine === 'mines' || engine === 'blackjack') &&
          typeof rules.houseEdge === 'number' && (
            <p className="rules__note">
              {t('house_edge')}: {pct(rules.houseEdge)}
            </p>
          )}
      </div>
    </Modal>
  );
}

function SlotPaytable({ engine, rules }: { engine: HouseEngineId; rules: Rec }) {
  const { t } = useTranslation('games');
  const symbols = asList(rules.symbols);
  const scatter = asRec(rules.scatter);
  const unit =
    rules.mode === 'ways' ? t('per_way_unit', { units: Number(rules.betUnits ?? 1) }) : t('per_line_unit');
  return (
    <>
      <h3>{t('paytable')}</h3>
      <p className="rules__note">{unit}</p>
      <table className="rules__table">
        <thead>
          <tr>
            <th>{t('symbol_col')}</th>
            <th>×3</th>
            <th>×4</th>
            <th>×5</th>
          </tr>
        </thead>
        <tbody>
          {symbols.map((s) => {
            const pays = asRec(s.pays);
            const id = String(s.id);
            return (
              <tr key={id}>
                <td className="rules__symbol">
                  <SymbolArt theme={engine} id={id} size={32} />
                  {s.kind === 'wild'
                    ? t('wild')
                    : s.kind === 'scatter'
                      ? t('scatter')
                      : t(`symbol.${id}`, { defaultValue: String(s.name) })}
                </td>
                {[3, 4, 5].map((n) => (
                  <td key={n}>
                    {pays[n] !== undefined ? String(pays[n]) : s.kind === 'wild' ? t('substitutes') : '–'}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {scatter.symbol !== undefined && (
        <p className="rules__note">
          {t('scatter_rule', {
            pays: Object.entries(asRec(scatter.pays))
              .map(([n, v]) => `${n}: ${String(v)}×`)
              .join(', '),
          })}
          {scatter.freeSpins !== undefined &&
            ` ${t('free_spins_rule', {
              spins: Object.entries(asRec(scatter.freeSpins))
                .map(([n, v]) => `${n} → ${String(v)}`)
                .join(', '),
              multiplier: Number(scatter.freeSpinMultiplier ?? 1),
            })}`}
        </p>
      )}
      {rules.mode !== 'ways' && asList(rules.lines).length > 0 && (
        <LinesDiagram lines={rules.lines as number[][]} />
      )}
    </>
  );
}

/** Each payline as a tiny 5×3 diagram. */
function LinesDiagram({ lines }: { lines: number[][] }) {
  const { t } = useTranslation('games');
  return (
    <ol className="lines-diagram" aria-label={t('paylines')}>
      {lines.map((line, i) => (
        <li key={i} className="lines-diagram__item">
          <svg viewBox="0 0 50 30" width="50" height="30" aria-label={t('line_n', { n: i + 1 })}>
            {Array.from({ length: 15 }, (_, c) => (
              <rect
                key={c}
                x={(c % 5) * 10 + 1}
                y={Math.floor(c / 5) * 10 + 1}
                width="8"
                height="8"
                rx="1.5"
                className="lines-diagram__cell"
              />
            ))}
            <polyline
              points={line.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ')}
              className="lines-diagram__path"
            />
          </svg>
          <span>{i + 1}</span>
        </li>
      ))}
    </ol>
  );
}
