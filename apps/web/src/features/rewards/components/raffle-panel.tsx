import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useServerNow } from '../../../lib/server-clock';
import { useSessionStore } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import { type RaffleItem, type RafflePrize, useClaimRaffle, useRafflesQuery } from '../api/raffles';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as `H:MM:SS`, with the days in front when there are any. */
function useCountdown() {
  const { t } = useTranslation('rewards');
  return (ms: number) => {
    const s = Math.max(0, Math.floor(ms / 1000));
    const days = Math.floor(s / 86_400);
    const time = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
    return days > 0 ? t('raffle_countdown_days', { days, time }) : time;
  };
}

function PrizeClaim({ prize }: { prize: RafflePrize }) {
  const { t } = useTranslation('rewards');
  const { money, dateTime } = useRewardFormat();
  const errorText = useApiErrorText();
  const claim = useClaimRaffle();
  return (
    <li className="raffle-card__mine-item" data-testid={`raffle-prize-${prize.prizeId}`}>
      <span>
        {t('raffle_you_won', { rank: t('raffle_rank', { rank: prize.rank }), amount: money(prize.amount) })}
      </span>
      {prize.status === 'unclaimed' ? (
        <>
          <span className="raffle-card__hint">
            {t('raffle_claim_by', { time: dateTime(prize.expiresAt) })}
          </span>
          <button
            type="button"
            className="button button--primary"
            disabled={claim.isPending}
            onClick={() =>
              claim.mutate(prize.prizeId, {
                onSuccess: (r) =>
                  showToast(t('promo_claimed_toast', { amount: money(r.prize.amount) }), 'success'),
              })
            }
          >
            {t('promo_claim', { amount: money(prize.amount) })}
          </button>
        </>
      ) : (
        <span className={`raffle-card__badge raffle-card__badge--${prize.status}`}>
          {t(`raffle_prize_status.${prize.status}`)}
        </span>
      )}
      {claim.error && (
        <p className="field__error" role="alert">
          {errorText(claim.error)}
        </p>
      )}
    </li>
  );
}

function RaffleCard({ r, now }: { r: RaffleItem; now: number }) {
  const { t } = useTranslation(['rewards', 'records']);
  const { money, dateTime } = useRewardFormat();
  const countdown = useCountdown();
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  const openModal = useUiStore((s) => s.openModal);
  const pool = r.prizes.reduce((s, p) => s + p.count * p.amount, 0);
  const target = r.status === 'upcoming' ? r.startsAt : r.status === 'open' ? r.endsAt : r.drawAt;
  return (
    <li className={`raffle-card raffle-card--${r.status}`} data-testid={`raffle-${r.id}`}>
      <header className="raffle-card__head">
        <span className={`raffle-card__badge raffle-card__badge--${r.status}`}>
          {t(`raffle_status.${r.status}`)}
        </span>
        <h3 className="raffle-card__title">{r.title}</h3>
        {r.summary && <p className="raffle-card__summary">{r.summary}</p>}
      </header>
      <dl className="raffle-card__figures">
        <div>
          <dt>{t('raffle_my_tickets')}</dt>
          <dd data-testid="raffle-tickets">{r.tickets ?? '—'}</dd>
        </div>
        <div>
          <dt>{r.status === 'drawn' ? t('raffle_drawn_at') : t(`raffle_countdown.${r.status}`)}</dt>
          <dd
            data-testid="raffle-countdown"
            className={r.status === 'drawn' ? 'raffle-card__date' : undefined}
          >
            {r.status === 'drawn' ? dateTime(r.drawAt) : countdown(Date.parse(target) - now)}
          </dd>
        </div>
        <div>
          <dt>{t('raffle_pool')}</dt>
          <dd>{money(pool)}</dd>
        </div>
      </dl>
      {!token ? (
        <button type="button" className="button button--primary" onClick={() => openModal('login')}>
          {t('raffle_login')}
        </button>
      ) : isTrial ? (
        <p className="raffle-card__hint">{t('raffle_trial')}</p>
      ) : null}
      {r.mine.length > 0 && (
        <ul className="raffle-card__mine" aria-label={t('raffle_my_prizes')}>
          {r.mine.map((p) => (
            <PrizeClaim key={p.prizeId} prize={p} />
          ))}
        </ul>
      )}
      <div className="raffle-card__columns">
        <div>
          <h4>{t('raffle_how')}</h4>
          <ul className="raffle-card__rules">
            {r.turnoverPerTicket > 0 && (
              <li>
                {t('raffle_rule_bets', { amount: money(r.turnoverPerTicket) })}
                {r.productTypes.length > 0 &&
                  ` (${r.productTypes.map((p) => t(`records:category_name.${p}`, { defaultValue: p })).join(', ')})`}
              </li>
            )}
            {r.ticketsPerDeposit > 0 && (
              <li>{t('raffle_rule_deposit', { count: r.ticketsPerDeposit, amount: money(r.minDeposit) })}</li>
            )}
            <li>{t('raffle_rule_cap', { count: r.maxTickets })}</li>
            <li>{t('raffle_rule_window', { from: dateTime(r.startsAt), to: dateTime(r.endsAt) })}</li>
            <li>
              {r.distinctWinners ? t('raffle_rule_once') : t('raffle_rule_per_ticket')}{' '}
              {t('raffle_rule_claim', { count: r.claimDays })}
            </li>
          </ul>
        </div>
        <table className="data-table raffle-card__prizes">
          <caption>{t('raffle_prizes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('raffle_col_prize')}</th>
              <th scope="col">{t('raffle_col_winners')}</th>
              <th scope="col">{t('col_amount')}</th>
            </tr>
          </thead>
          <tbody>
            {r.prizes.map((p) => (
              <tr key={p.rank}>
                <td>{t('raffle_rank', { rank: p.rank })}</td>
                <td>{p.count}</td>
                <td>{money(p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {r.status === 'drawn' && (
        <div className="raffle-card__results">
          <h4>{t('raffle_results', { tickets: r.totalTickets ?? 0, entries: r.entries ?? 0 })}</h4>
          {r.winners.length === 0 ? (
            <p className="raffle-card__hint">{t('raffle_no_winners')}</p>
          ) : (
            <ol className="raffle-card__winners" aria-label={t('raffle_winners')}>
              {r.winners.map((w, i) => (
                <li key={i}>
                  <span>{t('raffle_rank', { rank: w.rank })}</span>
                  <strong>{w.account}</strong>
                  <span>{t('raffle_ticket', { ticket: w.ticket })}</span>
                  <span>{money(w.amount)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
      <details className="raffle-card__fair">
        <summary>{t('raffle_fair')}</summary>
        <p className="raffle-card__hint">{t('raffle_fair_text')}</p>
        <dl>
          <dt>{t('raffle_commitment')}</dt>
          <dd>
            <code data-testid="raffle-commitment">{r.commitment}</code>
          </dd>
          <dt>{t('raffle_seed')}</dt>
          <dd>
            {r.serverSeed ? (
              <code data-testid="raffle-seed">{r.serverSeed}</code>
            ) : (
              <span className="raffle-card__hint">{t('raffle_seed_hidden')}</span>
            )}
          </dd>
        </dl>
      </details>
    </li>
  );
}

/**
 * Raffles (docs/rewards.md "Raffles"): each of the brand's raffles with the member's tickets, the
 * countdown (to the opening, the close or the draw, on the server's clock), how tickets are earned,
 * the prizes, the commitment and — once drawn — the revealed seed, the winners and the member's
 * prizes with their claim buttons. Nothing when the brand runs no raffle.
 */
export function RafflePanel() {
  const { t } = useTranslation('rewards');
  const raffles = useRafflesQuery();
  const data = raffles.data;
  // The server's time less the device's, from the last reply; applied at once (not a tick later).
  const offset = data ? Date.parse(data.serverTime) - raffles.dataUpdatedAt : 0;
  const now = useServerNow(0, 1000) + offset;
  if (!data || data.list.length === 0) return null;
  return (
    <section className="raffles" aria-labelledby="raffles-title">
      <h2 id="raffles-title" className="raffles__title">
        {t('raffle_title')}
      </h2>
      <ul className="raffles__list">
        {data.list.map((r) => (
          <RaffleCard key={r.id} r={r} now={now} />
        ))}
      </ul>
    </section>
  );
}
