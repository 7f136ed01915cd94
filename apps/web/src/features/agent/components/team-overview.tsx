import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type OverviewDay, type OverviewQuery, maxRangeDays, useTeamOverviewQuery } from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';
import { csvAmount, csvFileName } from '../lib/csv';
import { type DateRange, presetRange, utcToday } from '../lib/dates';
import { CsvButton } from './csv-button';
import { DateRangePicker } from './date-range-picker';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { TeamChart } from './team-chart';

const periods = ['today', 'week', 'month', 'custom'] as const;
type Period = (typeof periods)[number];

function Stat({ label, value, tone }: { label: string; value: string; tone?: 'in' | 'out' | undefined }) {
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className={`stat__value${tone ? ` money--${tone}` : ''}`}>{value}</dd>
    </div>
  );
}

const tone = (n: number) => (n > 0 ? 'in' : n < 0 ? 'out' : undefined);

/**
 * Team overview (`agentTeamOverview`): the team's size and activity, money in and out, betting
 * and the members' result for today, this week, this month or a chosen range; the daily series
 * as a chart and as a table that exports to CSV.
 */
export function TeamOverview() {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  const id = useId();
  const today = utcToday();
  const [period, setPeriod] = useState<Period>('today');
  const [custom, setCustom] = useState<DateRange>(() => presetRange('last_7_days', today));
  const query: OverviewQuery =
    period === 'custom' ? { period, from: custom.from, to: custom.to } : { period };
  const overview = useTeamOverviewQuery(query);
  const data = overview.data;

  const seriesCsv = [
    { header: t('col.day'), value: (d: OverviewDay) => d.day },
    { header: t('figures.newMembers'), value: (d: OverviewDay) => d.newMembers },
    { header: t('figures.activeMembers'), value: (d: OverviewDay) => d.activeMembers },
    { header: t('figures.depositAmount'), value: (d: OverviewDay) => csvAmount(d.depositAmount, f.scale) },
    { header: t('figures.withdrawAmount'), value: (d: OverviewDay) => csvAmount(d.withdrawAmount, f.scale) },
    { header: t('figures.betCount'), value: (d: OverviewDay) => d.betCount },
    { header: t('figures.stake'), value: (d: OverviewDay) => csvAmount(d.stake, f.scale) },
    { header: t('figures.validBet'), value: (d: OverviewDay) => csvAmount(d.validBet, f.scale) },
    { header: t('figures.payout'), value: (d: OverviewDay) => csvAmount(d.payout, f.scale) },
    { header: t('figures.profitLoss'), value: (d: OverviewDay) => csvAmount(d.profitLoss, f.scale) },
  ];

  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <div className="segmented" role="tablist" aria-label={t('period')}>
          {periods.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              className="segmented__item"
              aria-selected={period === p}
              onClick={() => setPeriod(p)}
            >
              {t(`periods.${p}`)}
            </button>
          ))}
        </div>
        {data && (
          <span className="muted">{t('range_shown', { from: data.range.from, to: data.range.to })}</span>
        )}
      </div>
      {period === 'custom' && (
        <DateRangePicker value={custom} onChange={setCustom} today={today} maxDays={maxRangeDays} />
      )}

      {overview.isPending ? (
        <PanelLoading />
      ) : overview.isError ? (
        <PanelError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : data ? (
        <div className="agent-page" aria-busy={overview.isPlaceholderData || undefined}>
          <section aria-labelledby={`${id}-team`}>
            <h3 id={`${id}-team`} className="agent-section__title">
              {t('overview_team')}
            </h3>
            <dl className="stat-grid">
              <Stat label={t('figures.teamSize')} value={f.count(data.teamSize)} />
              <Stat label={t('figures.directCount')} value={f.count(data.directCount)} />
              <Stat label={t('figures.agentCount')} value={f.count(data.agentCount)} />
              <Stat label={t('figures.newMembers')} value={f.count(data.newMembers)} />
              <Stat
                label={t('figures.activeMembersAbove', { amount: f.money(data.activeThreshold) })}
                value={f.count(data.activeMembers)}
              />
            </dl>
          </section>
          <section aria-labelledby={`${id}-money`}>
            <h3 id={`${id}-money`} className="agent-section__title">
              {t('overview_money')}
            </h3>
            <dl className="stat-grid">
              <Stat
                label={t('figures.depositsCounted', { n: f.count(data.depositCount) })}
                value={f.money(data.depositAmount)}
              />
              <Stat
                label={t('figures.withdrawalsCounted', { n: f.count(data.withdrawCount) })}
                value={f.money(data.withdrawAmount)}
              />
              <Stat label={t('figures.teamBalance')} value={f.money(data.teamBalance)} />
              <Stat label={t('figures.rootBalance')} value={f.money(data.rootBalance)} />
            </dl>
          </section>
          <section aria-labelledby={`${id}-bets`}>
            <h3 id={`${id}-bets`} className="agent-section__title">
              {t('overview_betting')}
            </h3>
            <dl className="stat-grid">
              <Stat label={t('figures.betCount')} value={f.count(data.betCount)} />
              <Stat label={t('figures.stake')} value={f.money(data.stake)} />
              <Stat label={t('figures.validBet')} value={f.money(data.validBet)} />
              <Stat label={t('figures.payout')} value={f.money(data.payout)} />
              <Stat
                label={t('figures.profitLoss')}
                value={f.money(data.profitLoss, { signed: true })}
                tone={tone(data.profitLoss)}
              />
            </dl>
          </section>

          <p className="muted">
            {data.asOf ? t('as_of', { time: f.dateTime(data.asOf) }) : t('as_of_never')}
          </p>
          <TeamChart series={data.series} />

          <section aria-labelledby={`${id}-daily`}>
            <div className="agent-section__head">
              <h3 id={`${id}-daily`} className="agent-section__title">
                {t('overview_daily')}
              </h3>
              <CsvButton
                fileName={csvFileName('team-overview', data.range.from, data.range.to)}
                columns={seriesCsv}
                rows={() => Promise.resolve(data.series)}
              />
            </div>
            <div className="table-scroll">
              <table className="data-table" aria-labelledby={`${id}-daily`}>
                <thead>
                  <tr>
                    <th scope="col">{t('col.day')}</th>
                    <th scope="col" className="data-table__num">
                      {t('figures.newMembers')}
                    </th>
                    <th scope="col" className="data-table__num">
                      {t('figures.activeMembers')}
                    </th>
                    <th scope="col" className="data-table__num">
                      {t('figures.depositAmount')}
                    </th>
                    <th scope="col" className="data-table__num">
                      {t('figures.withdrawAmount')}
                    </th>
                    <th scope="col" className="data-table__num">
                      {t('figures.validBet')}
                    </th>
                    <th scope="col" className="data-table__num">
                      {t('figures.profitLoss')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...data.series].reverse().map((d) => (
                    <tr key={d.day}>
                      <td className="data-table__time">{d.day}</td>
                      <td className="data-table__num">{f.count(d.newMembers)}</td>
                      <td className="data-table__num">{f.count(d.activeMembers)}</td>
                      <td className="data-table__num">{f.money(d.depositAmount)}</td>
                      <td className="data-table__num">{f.money(d.withdrawAmount)}</td>
                      <td className="data-table__num">{f.money(d.validBet)}</td>
                      <td className={`data-table__num money--${tone(d.profitLoss) ?? 'none'}`}>
                        {f.money(d.profitLoss, { signed: true })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      ) : null}
    </div>
  );
}
