import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { onRealtimeReconnect, sendRealtime, useSocketEvent } from '../../../lib/realtime';
import {
  type LotteryHallKind,
  type LotteryOpenedItem,
  lotteryKeys,
  useLotteryMenus,
  useLotteryRules,
  useNearIssue,
  useOpened,
  useVerifyDraw,
} from '../api/lottery';
import '../lottery.css';
import { BetSlip } from './bet-slip';
import { MyBets } from './my-bets';

/** Seconds until `iso` on the server's clock (`offsetMs` ahead of this device's), never negative, ticking every second. */
function useSecondsUntil(iso: string | undefined, offsetMs = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - (now + offsetMs)) / 1000)) : 0;
}

const clock = (s: number) => {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** The draw hall of a lottery page: its games, the issue on sale, the latest draws, the rules. */
export function LotteryHall({ hall }: { hall: LotteryHallKind }) {
  const { t } = useTranslation('lottery');
  const menus = useLotteryMenus(hall);
  const games = (menus.data ?? []).flatMap((g) => g.gameMenus);
  // A game centre's link names the game (`?game=`); a tab changes it.
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<string | null>(params.get('game'));
  const gameId =
    (picked && games.some((g) => g.gameId === picked) ? picked : null) ?? games[0]?.gameId ?? null;
  if (menus.isError) return <EmptyState message={t('unavailable')} />;
  if (!menus.data) return <div className="lottery-hall lottery-hall--loading" aria-busy="true" />;
  if (!gameId) return <EmptyState />;
  return (
    <div className="lottery-hall">
      <div className="segmented lottery-hall__games" role="tablist" aria-label={t('games')}>
        {games.map((g) => (
          <button
            key={g.gameId}
            type="button"
            role="tab"
            className="segmented__item"
            aria-selected={g.gameId === gameId}
            onClick={() => setPicked(g.gameId)}
          >
            {g.gameName}
          </button>
        ))}
      </div>
      <LotteryGame key={gameId} gameId={gameId} />
    </div>
  );
}

function LotteryGame({ gameId }: { gameId: string }) {
  const { t } = useTranslation('lottery');
  const client = useQueryClient();
  const near = useNearIssue(gameId);
  const current = near.data?.currentNumero;
  const offsetMs = near.data?.offsetMs ?? 0;
  const toClose = useSecondsUntil(current?.closeTime, offsetMs);
  const toDraw = useSecondsUntil(current?.drawTime, offsetMs);
  const rules = useLotteryRules(gameId);
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const names = Object.fromEntries((rules.data?.betTypes ?? []).map((b) => [b.playId, b.names[lang]]));

  // The game's public topic: results as they are drawn; joined again after a reconnection.
  useEffect(() => {
    const topic = `lottery:${gameId}`;
    sendRealtime('topic.join', { topic });
    const off = onRealtimeReconnect(() => sendRealtime('topic.join', { topic }));
    return () => {
      off();
      sendRealtime('topic.leave', { topic });
    };
  }, [gameId]);
  useSocketEvent('lottery.result', (r) => {
    if (r.gameId !== gameId) return;
    void client.invalidateQueries({ queryKey: lotteryKeys.opened(gameId) });
    void client.invalidateQueries({ queryKey: lotteryKeys.near(gameId) });
  });
  // Without a socket event (a visitor's page, a dropped connection), the draw time still rolls over.
  useEffect(() => {
    if (current && toDraw === 0) {
      const timer = setTimeout(() => {
        void client.invalidateQueries({ queryKey: lotteryKeys.near(gameId) });
        void client.invalidateQueries({ queryKey: lotteryKeys.opened(gameId) });
      }, 1500);
      return () => clearTimeout(timer);
    }
  }, [client, current, gameId, toDraw]);

  return (
    <div className="lottery-game">
      <section className="lottery-issue" aria-label={t('current_issue')}>
        {current ? (
          <>
            <div className="lottery-issue__head">
              <span className="muted">{t('current_issue')}</span>
              <strong className="lottery-issue__numero">{current.numero}</strong>
            </div>
            <dl className="lottery-issue__times">
              <div>
                <dt>{t('closes_in')}</dt>
                <dd className="lottery-issue__countdown" aria-live="off">
                  {toClose > 0 ? clock(toClose) : t('sales_closed')}
                </dd>
              </div>
              <div>
                <dt>{t('draws_in')}</dt>
                <dd>{clock(toDraw)}</dd>
              </div>
            </dl>
            {rules.data?.official ? (
              <p className="muted lottery-issue__help">{t('official_help')}</p>
            ) : (
              <>
                <p className="lottery-issue__commitment">
                  <span className="muted">{t('commitment')}</span>{' '}
                  <code title={current.commitment}>{current.commitment.slice(0, 16)}…</code>
                </p>
                <p className="muted lottery-issue__help">{t('commitment_help')}</p>
              </>
            )}
          </>
        ) : (
          <p className="muted">{t('no_issue')}</p>
        )}
      </section>
      {rules.data && current && (
        <BetSlip gameId={gameId} rules={rules.data} near={near.data} currentClosed={toClose === 0} />
      )}
      <MyBets gameId={gameId} names={names} />
      <LotteryResults gameId={gameId} />
      <LotteryRules gameId={gameId} />
    </div>
  );
}

function Balls({ numbers }: { numbers: string[] }) {
  return (
    <span className="lottery-balls">
      {numbers.map((n, i) => (
        <span key={i} className="lottery-ball">
          {n}
        </span>
      ))}
    </span>
  );
}

function LotteryResults({ gameId }: { gameId: string }) {
  const { t, i18n } = useTranslation('lottery');
  const opened = useOpened(gameId);
  const list = opened.data?.list ?? [];
  return (
    <section className="lottery-results" aria-label={t('results')}>
      <h2 className="lottery-section__title">{t('results')}</h2>
      {list.length === 0 ? (
        <p className="muted">{t('no_results')}</p>
      ) : (
        <ol className="lottery-results__list">
          {list.map((item) => (
            <li key={item.numero} className="lottery-result">
              <div className="lottery-result__head">
                <strong>{item.numero}</strong>
                <time className="muted" dateTime={item.drawTime}>
                  {new Date(item.drawTime).toLocaleString(i18n.language)}
                </time>
              </div>
              {item.prizes ? (
                <dl className="lottery-sheet">
                  {item.prizes.map((p) => (
                    <div key={p.tier} className="lottery-sheet__row">
                      <dt>{t(`tier.${p.tier}`)}</dt>
                      <dd>{p.numbers.join(' · ')}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <Balls numbers={item.numbers} />
              )}
              <VerifyDraw item={item} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function VerifyDraw({ item }: { item: LotteryOpenedItem }) {
  const { t } = useTranslation('lottery');
  const verify = useVerifyDraw();
  if (item.status === 'drawn' && item.source === 'official')
    return <span className="lottery-verify muted">{t('official_result')}</span>;
  if (!item.serverSeed) return null;
  const ok =
    verify.data &&
    verify.data.commitment === item.commitment &&
    JSON.stringify(verify.data.numbers) === JSON.stringify(item.numbers);
  return (
    <div className="lottery-verify">
      <button
        type="button"
        className="button button--small"
        onClick={() => verify.mutate(item)}
        disabled={verify.isPending}
      >
        {t('verify')}
      </button>
      {verify.data && (
        <span role="status" className={ok ? 'lottery-verify__ok' : 'lottery-verify__bad'}>
          {ok ? t('verified') : t('verify_failed')}
        </span>
      )}
      <code className="lottery-verify__seed" title={item.serverSeed}>
        {t('seed')}: {item.serverSeed.slice(0, 12)}…
      </code>
    </div>
  );
}

function LotteryRules({ gameId }: { gameId: string }) {
  const { t, i18n } = useTranslation('lottery');
  const rules = useLotteryRules(gameId);
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  if (!rules.data) return null;
  return (
    <section className="lottery-rules" aria-label={t('rules')}>
      <h2 className="lottery-section__title">{t('rules')}</h2>
      <p className="muted">{t('rules_help', { percent: (rules.data.prizeGroup / 20).toFixed(1) })}</p>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('bet_type')}</th>
              <th scope="col">{t('prize')}</th>
              <th scope="col" className="data-table__num">
                {t('payout')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.data.betTypes.flatMap((b) =>
              b.odds.map((o, i) => (
                <tr key={`${b.playId}:${o.tier}`}>
                  <td>{i === 0 ? b.names[lang] : ''}</td>
                  <td>{o.tier === 'hit' ? '—' : t(`tier.${o.tier}`, { defaultValue: o.tier })}</td>
                  <td className="data-table__num">
                    ×{o.payout.value.toFixed(o.payout.value >= 1000 ? 0 : o.payout.value >= 100 ? 2 : 3)}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
