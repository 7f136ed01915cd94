import type { HouseEngineId } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { useApiErrorText } from '../../../lib/api-error-text';
import { postVerify } from '../api/house';
import { engineIds, isEngineId } from '../lib/engines';
import { minorToDecimal } from '../lib/stake';
import { BlackjackTable, type BlackjackView } from '../games/blackjack-game';
import { MinesBoard, type MinesView } from '../games/mines-game';
import { PlayingCard } from '../../../components/playing-card';
import { SymbolArt } from '../games/slot-symbols';
import '../games.css';

/** sha256 of the seed's UTF-8 bytes, hex: computed here in the browser, not taken from the server. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Example parameters per engine, shown when the link did not bring the round's own. */
const defaultParams: Record<HouseEngineId, string> = {
  'slot-fruit': '{}',
  'slot-pharaoh': '{}',
  'slot-ocean': '{}',
  dice: '{"target":5000,"direction":"under"}',
  limbo: '{"target":200}',
  mines: '{"mines":3}',
  scratch: '{}',
  fishing: '{"fish":"clownfish"}',
  baccarat: '{"bets":{"player":"100"}}',
  blackjack: '{}',
};

type Reply = Awaited<ReturnType<typeof postVerify>>;
type Rec = Record<string, unknown>;

function cardTotal(cards: string[]): number {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    const r = 'A23456789TJQK'.indexOf(c[0]!) + 1;
    total += Math.min(10, r);
    if (r === 1) aces++;
  }
  return aces > 0 && total + 10 <= 21 ? total + 10 : total;
}

function OutcomeView({ reply }: { reply: Reply }) {
  const { t } = useTranslation('games');
  const o = (reply.outcome ?? {}) as Rec;
  const engine = reply.engine;
  if (engine.startsWith('slot-')) {
    const base = o.base as { grid: string[][] } | undefined;
    const free = Array.isArray(o.freeSpins) ? o.freeSpins.length : 0;
    return (
      <div>
        <div className="verifier__grid">
          {(base?.grid ?? []).map((col, r) => (
            <div key={r} className="verifier__col">
              {col.map((id, row) => (
                <SymbolArt key={row} id={id} theme={engine} size={48} />
              ))}
            </div>
          ))}
        </div>
        {free > 0 && <p>{t('free_spins_awarded', { count: free })}</p>}
      </div>
    );
  }
  if (engine === 'dice') return <p className="verifier__big">{(Number(o.roll) / 100).toFixed(2)}</p>;
  if (engine === 'limbo') return <p className="verifier__big">{(Number(o.crash) / 100).toFixed(2)}×</p>;
  if (engine === 'fishing')
    return (
      <p className="verifier__big">
        {o.caught ? t('verifier_caught') : t('verifier_missed')} ·{' '}
        {t('verifier_draw', { draw: Number(o.draw) })}
      </p>
    );
  if (engine === 'scratch')
    return (
      <div className="verifier__scratch">
        {((o.cells as string[]) ?? []).map((id, i) => (
          <SymbolArt key={i} id={id} theme="scratch" size={48} />
        ))}
      </div>
    );
  if (engine === 'mines')
    return <MinesBoard view={o as unknown as MinesView} onPick={() => undefined} disabled />;
  if (engine === 'baccarat')
    return (
      <div className="baccarat__table">
        {(['player', 'banker'] as const).map((side) => (
          <div key={side} className="baccarat__hand">
            <h3>
              {t(`spot.${side}`)} {String(o[`${side}Total`])}
            </h3>
            <div className="card-row">
              {((o[`${side}Cards`] as string[]) ?? []).map((c, i) => (
                <PlayingCard key={i} code={c} />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  if (engine === 'blackjack') {
    const hands = ((o.hands as { cards: string[] }[]) ?? []).map((h) => ({
      ...h,
      total: cardTotal(h.cards),
      soft: false,
    }));
    const dealer = (o.dealer as string[]) ?? [];
    return (
      <BlackjackTable
        view={{
          ...(o as unknown as BlackjackView),
          dealer,
          dealerTotal: cardTotal(dealer),
          hands: hands as BlackjackView['hands'],
        }}
      />
    );
  }
  return null;
}

/**
 * The public verifier: anyone pastes a revealed server seed, the client seed and the nonce, and
 * sees the outcome those seeds decide (computed by the verify endpoint from the same engines the
 * games use) next to the seed's sha256, computed in this browser, to compare with the hash the
 * game showed before the bet.
 */
export function Verifier() {
  const { t } = useTranslation('games');
  const errorText = useApiErrorText();
  const [search] = useSearchParams();
  const linked = search.get('engine') ?? '';
  const initialEngine: HouseEngineId = isEngineId(linked) ? linked : 'dice';
  const [engine, setEngine] = useState<HouseEngineId>(initialEngine);
  const [serverSeed, setServerSeed] = useState(search.get('serverSeed') ?? '');
  const [clientSeed, setClientSeed] = useState(search.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(search.get('nonce') ?? '0');
  const [params, setParams] = useState(search.get('params') ?? defaultParams[initialEngine]);
  const [actions, setActions] = useState('[]');
  const [expectedHash, setExpectedHash] = useState(search.get('hash') ?? '');
  const [result, setResult] = useState<{ reply: Reply; localHash: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const stateful = engine === 'mines' || engine === 'blackjack';

  const submit = async () => {
    setError(null);
    let parsedParams: Record<string, unknown>;
    let parsedActions: { action: 'reveal'; params?: Record<string, unknown> }[];
    try {
      parsedParams = JSON.parse(params || '{}') as Record<string, unknown>;
      parsedActions = stateful ? (JSON.parse(actions || '[]') as typeof parsedActions) : [];
    } catch {
      setError(t('verifier_json_invalid'));
      return;
    }
    if (!/^\d{1,15}$/.test(nonce.trim())) {
      setError(t('verifier_nonce_invalid'));
      return;
    }
    setPending(true);
    try {
      const [reply, localHash] = await Promise.all([
        postVerify({
          engine,
          serverSeed,
          clientSeed,
          nonce: Number(nonce.trim()),
          params: parsedParams,
          actions: parsedActions,
        }),
        sha256Hex(serverSeed),
      ]);
      setResult({ reply, localHash });
    } catch (err) {
      setResult(null);
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };

  const hashMatches =
    result && expectedHash.trim() ? result.localHash === expectedHash.trim().toLowerCase() : null;

  return (
    <div className="verifier">
      <h1>{t('verifier_title')}</h1>
      <p className="verifier__about">{t('verifier_about')}</p>
      <form
        className="verifier__form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span className="field__label">{t('game')}</span>
          <select
            className="field__input"
            value={engine}
            onChange={(e) => {
              const next = e.target.value as HouseEngineId;
              setEngine(next);
              setParams(defaultParams[next]);
              setResult(null);
            }}
          >
            {engineIds.map((id) => (
              <option key={id} value={id}>
                {t(`engine.${id}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('server_seed')}</span>
          <input
            className="field__input mono"
            required
            value={serverSeed}
            onChange={(e) => setServerSeed(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('server_seed_hash_shown')}</span>
          <input
            className="field__input mono"
            value={expectedHash}
            onChange={(e) => setExpectedHash(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('client_seed')}</span>
          <input
            className="field__input mono"
            required
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('nonce')}</span>
          <input
            className="field__input mono"
            inputMode="numeric"
            value={nonce}
            onChange={(e) => setNonce(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('bet_params')}</span>
          <input className="field__input mono" value={params} onChange={(e) => setParams(e.target.value)} />
        </label>
        {stateful && (
          <label className="field">
            <span className="field__label">{t('player_actions')}</span>
            <input
              className="field__input mono"
              value={actions}
              placeholder={
                engine === 'mines'
                  ? '[{"action":"reveal","params":{"cell":3}}]'
                  : '[{"action":"hit"},{"action":"stand"}]'
              }
              onChange={(e) => setActions(e.target.value)}
            />
          </label>
        )}
        <button type="submit" className="button" disabled={pending || !serverSeed || !clientSeed}>
          {t('verify')}
        </button>
      </form>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <section className="verifier__result" aria-label={t('verifier_result')} data-testid="verifier-result">
          <dl className="fairness__facts">
            <dt>{t('sha256_local')}</dt>
            <dd className="mono" data-testid="local-hash">
              {result.localHash}
            </dd>
            {hashMatches !== null && (
              <>
                <dt>{t('hash_check')}</dt>
                <dd className={hashMatches ? 'win' : 'loss'}>
                  {hashMatches ? t('hash_match') : t('hash_mismatch')}
                </dd>
              </>
            )}
            <dt>{t('payout_for_stake', { stake: minorToDecimal(result.reply.stake, 2) })}</dt>
            <dd>{minorToDecimal(result.reply.payout, 2)}</dd>
          </dl>
          <OutcomeView reply={result.reply} />
          <details>
            <summary>{t('raw_outcome')}</summary>
            <pre className="verifier__raw">{JSON.stringify(result.reply.outcome, null, 2)}</pre>
          </details>
        </section>
      )}
    </div>
  );
}
