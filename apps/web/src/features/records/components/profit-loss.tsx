import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { DateSpanFields } from '../../../components/filter-fields';
import { useProfitLossQuery } from '../api/records';
import { useRecordFormat, utcDaysBefore, utcToday } from '../hooks/use-record-format';
import { Totals } from './totals';
import '../records.css';

const presets = [
  { key: 'today', days: 0 },
  { key: 'last_7_days', days: 6 },
  { key: 'last_30_days', days: 29 },
] as const;

/**
 * Personal profit and loss (`personalProfit`): the member's result per day and category from the
 * daily rollups, the range by category, and the totals.
 */
export function ProfitLoss() {
  const { t } = useTranslation('records');
  const id = useId();
  const { money } = useRecordFormat();
  const today = utcToday();
  const [range, setRange] = useState({ from: utcDaysBefore(today, 6), to: today });
  const report = useProfitLossQuery(range);
  const data = report.data;
  const sign = (v: number) => (v < 0 ? 'money--out' : v > 0 ? 'money--in' : '');

  return (
    <div className="records">
      <form className="record__filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters')}>
        <DateSpanFields
          from={range.from}
          to={range.to}
          today={today}
          labels={{ from: t('date_from'), to: t('date_to') }}
          onFrom={(from) => setRange((r) => ({ ...r, from }))}
          onTo={(to) => setRange((r) => ({ ...r, to }))}
        />
        <div className="records__presets">
          {presets.map((p) => (
            <button
              key={p.key}
              type="button"
              className="button button--small"
              onClick={() => setRange({ from: utcDaysBefore(today, p.days), to: today })}
            >
              {t(p.key)}
            </button>
          ))}
        </div>
      </form>
      {report.isError && (
        <p className="field__error" role="alert">
          {t('load_failed')}
        </p>
      )}
      {data && <Totals totals={data.totals} money={money} />}
      {data && data.byCategory.length > 0 && (
        <section aria-labelledby={`${id}-cat`}>
          <h3 id={`${id}-cat`} className="records__subtitle">
            {t('by_category')}
          </h3>
          <ul className="records__categories">
            {data.byCategory.map((c) => (
              <li key={c.gameType}>
                <span>{t(`category_name.${c.gameType}`, { defaultValue: c.gameType })}</span>
                <small>{t('bets_n', { count: c.betCount })}</small>
                <strong className={sign(c.profitLoss)}>{money(c.profitLoss, true)}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data && data.days.length === 0 ? (
        <EmptyState message={t('no_bets')} />
      ) : (
        <div className="data-table-wrap">
          <table className="data-table" data-testid="profit-loss">
            <caption className="visually-hidden">{t('profit_loss_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('col_day')}</th>
                <th scope="col">{t('col_category')}</th>
                <th scope="col" className="data-table__num">
                  {t('bet_count')}
                </th>
                <th scope="col" className="data-table__num">
                  {t('col_stake')}
                </th>
                <th scope="col" className="data-table__num">
                  {t('col_valid_bet')}
                </th>
                <th scope="col" className="data-table__num">
                  {t('col_payout')}
                </th>
                <th scope="col" className="data-table__num">
                  {t('col_profit_loss')}
                </th>
              </tr>
            </thead>
            <tbody aria-busy={report.isFetching}>
              {(data?.days ?? []).map((d) => (
                <tr key={`${d.day}-${d.gameType}`}>
                  <td>{d.day}</td>
                  <td>{t(`category_name.${d.gameType}`, { defaultValue: d.gameType })}</td>
                  <td className="data-table__num">{d.betCount}</td>
                  <td className="data-table__num">{money(d.stake)}</td>
                  <td className="data-table__num">{money(d.validBet)}</td>
                  <td className="data-table__num">{money(d.payout)}</td>
                  <td className={`data-table__num ${sign(d.profitLoss)}`}>{money(d.profitLoss, true)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
