import type {
  HouseEngineId,
  HouseFairness,
  HousePlayBody,
  HouseRound,
  HouseSession,
} from '@arcadia/contract';
import { languageCatalogue } from '@arcadia/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ThemeToggle } from '../../../components/theme-toggle';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { currentLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast-store';
import { houseKeys, postPlay, useHouseHistoryQuery } from '../api/house';
import { formatMinor, nearestStake, stakeLadder } from '../lib/stake';
import { BetSelector } from './bet-selector';
import { FairnessPanel } from './fairness-panel';
import { GameContext, type GameContextValue } from './game-context';
import { HistoryStrip } from './history-strip';
import { RulesPanel } from './rules-panel';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Keys typed into a field or pressed on a button belong to that control, not to the game. */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName) ||
    target.closest('[role="dialog"]') !== null
  );
}

interface GameFrameProps {
  token: string;
  session: HouseSession;
  children: ReactNode;
}

/**
 * The frame every house game runs in: name, mode and balance, bet size, result history, the
 * fairness and rules panels, keyboard play and translated errors. The game screen inside only
 * draws its table and calls `play`; every outcome and balance comes from the server's reply.
 */
export function GameFrame({ token, session, children }: GameFrameProps) {
  const { t } = useTranslation('games');
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const engine = session.engine as HouseEngineId;
  const scale = session.currencyScale;
  const locale = languageCatalogue[currentLanguage()]?.locale;

  const ladder = useMemo(
    () =>
      stakeLadder(
        BigInt(String(session.rules.minStake ?? '1')),
        BigInt(String(session.rules.maxStake ?? '100000')),
      ),
    [session.rules.minStake, session.rules.maxStake],
  );
  const [stake, setStake] = useState<bigint>(() =>
    session.openRound ? BigInt(session.openRound.stake) : nearestStake(ladder, 10n ** BigInt(scale)),
  );
  const [balance, setBalance] = useState(session.balance);
  const [fairness, setFairness] = useState<HouseFairness>(session.fairness);
  const [busy, setBusy] = useState(false);
  const [stakeLocked, setStakeLocked] = useState(false);
  const [panel, setPanel] = useState<'rules' | 'fairness' | null>(null);
  const history = useHouseHistoryQuery(token);
  const [recent, setRecent] = useState<HouseRound[]>([]);
  const primary = useRef<(() => void) | null>(null);
  const inFlight = useRef(false);

  const rounds = useMemo(() => {
    const seen = new Set<string>();
    return [...recent, ...(history.data?.list ?? [])].filter((r) => {
      if (seen.has(r.roundId)) return false;
      seen.add(r.roundId);
      return true;
    });
  }, [recent, history.data]);

  const money = useCallback(
    (minor: bigint | string, signed = false) => formatMinor(minor, scale, locale, signed),
    [scale, locale],
  );

  const play = useCallback(
    async (body: HousePlayBody, options: { minMs?: number } = {}) => {
      // One play at a time: a second press while a bet is out would only be refused as busy.
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      try {
        const [reply] = await Promise.all([postPlay(token, body), wait(options.minMs ?? 0)]);
        setBalance(reply.balance);
        setFairness(reply.fairness);
        setRecent((list) =>
          [reply.round, ...list.filter((r) => r.roundId !== reply.round.roundId)].slice(0, 40),
        );
        return reply;
      } catch (err) {
        if (err instanceof ApiError && typeof err.value?.balance === 'string') setBalance(err.value.balance);
        showToast(errorText(err), 'error');
        return null;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [token, errorText],
  );

  const setPrimary = useCallback((action: (() => void) | null) => {
    primary.current = action;
  }, []);

  const step = useCallback(
    (dir: 1 | -1) => {
      if (stakeLocked || busy) return;
      const i = ladder.findIndex((v) => v === stake);
      const next = ladder[Math.max(0, Math.min(ladder.length - 1, (i < 0 ? 0 : i) + dir))];
      if (next !== undefined) setStake(next);
    },
    [ladder, stake, stakeLocked, busy],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || ownsKeys(e.target)) return;
      if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        if (!e.repeat) primary.current?.();
      } else if (e.key === 'ArrowUp' || e.key === 'ArrowRight') {
        e.preventDefault();
        step(1);
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowLeft') {
        e.preventDefault();
        step(-1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  const ctx: GameContextValue = useMemo(
    () => ({
      session,
      engine,
      stake,
      busy,
      play,
      money,
      openRound: session.openRound,
      setPrimary,
      setStakeLocked,
    }),
    [session, engine, stake, busy, play, money, setPrimary],
  );

  const trial = session.mode === 'trial';

  return (
    <GameContext.Provider value={ctx}>
      <div className={`game-frame game-frame--${engine}`} data-engine={engine}>
        <header className="game-frame__bar">
          <h1 className="game-frame__title">{session.gameName}</h1>
          <span className={`game-frame__mode${trial ? ' game-frame__mode--trial' : ''}`}>
            {trial ? t('mode_trial') : t('mode_real')}
          </span>
          <div className="game-frame__balance" aria-live="polite">
            <span className="game-frame__balance-label">{trial ? t('play_balance') : t('balance')}</span>
            <strong data-testid="game-balance">
              {money(balance)} <small>{session.currency}</small>
            </strong>
          </div>
          <div className="game-frame__tools">
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => setPanel('fairness')}
            >
              {t('fairness')}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => setPanel('rules')}
            >
              {t('rules')}
            </button>
            <ThemeToggle />
          </div>
        </header>
        <HistoryStrip rounds={rounds} money={money} />
        <main className="game-frame__stage">{children}</main>
        <footer className="game-frame__controls">
          <BetSelector
            ladder={ladder}
            value={stake}
            onChange={setStake}
            disabled={busy || stakeLocked}
            format={money}
          />
          <p className="game-frame__keys">{t('keyboard_hint')}</p>
        </footer>
        <FairnessPanel
          open={panel === 'fairness'}
          onClose={() => setPanel(null)}
          token={token}
          engine={engine}
          fairness={fairness}
          onFairness={(f) => {
            setFairness(f);
            // Rounds of a retired seed now show their revealed seed: read them again.
            setRecent([]);
            void queryClient.invalidateQueries({ queryKey: houseKeys.history(token) });
          }}
          rounds={rounds}
          disabled={busy}
        />
        <RulesPanel
          open={panel === 'rules'}
          onClose={() => setPanel(null)}
          engine={engine}
          rules={session.rules}
          money={money}
        />
      </div>
    </GameContext.Provider>
  );
}
