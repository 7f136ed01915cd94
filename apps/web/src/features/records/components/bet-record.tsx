import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { DateSpanFields, SelectField } from '../../../components/filter-fields';
import { Pagination } from '../../../components/pagination';
import { type BetRecordQuery, useBetRecordQuery, useStudiosQuery } from '../api/records';
import { useRecordFormat, utcDaysBefore, utcToday } from '../hooks/use-record-format';
import { categories } from '../lib/categories';
import { Totals } from './totals';
import '../records.css';

const statuses = ['open', 'settled', 'void'] as const;
export const betRecordPageSize = 20;
const statusTone = { open: 'pending', settled: 'ok', void: 'muted' } as const;

interface Filters {
  from: string;
  to: string;
  gameType: string;
  vassalage: string;
  status: '' | (typeof statuses)[number];
}

/**
 * Betting record (`personalHistoryCopy`): every bet the member placed in the range, newest first,
 * filtered by category, studio and status, paged, with the totals of the same filtered bets.
 */
/** The most drawn numbers shown under a lottery round (the fast lotteries draw 3 to 10). */
const DRAWN_INLINE_MAX = 10;

export function BetRecord() {
  const { t } = useTranslation('records');
  const id = useId();
  const { money, dateTime, language } = useRecordFormat();
  const today = utcToday();
  const [filters, setFilters] = useState<Filters>({
    from: utcDaysBefore(today, 6),
    to: today,
    gameType: '',
    vassalage: '',
    status: '',
  });
  const [pageNo, setPageNo] = useState(1);
  const studios = useStudiosQuery(language);

  const query: BetRecordQuery = {
    from: filters.from,
    to: filters.to,
    ...(filters.gameType ? { gameType: filters.gameType } : {}),
    ...(filters.vassalage ? { vassalage: filters.vassalage } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    language,
    pageNo,
    pageSize: betRecordPageSize,
  };
  const records = useBetRecordQuery(query);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPageNo(1);
  };
  const studioOptions = (studios.data ?? []).filter(
    (s, i, all) =>
      (!filters.gameType || s.gameType === filters.gameType) && all.findIndex((o) => o.code === s.code) === i,
  );
  const data = records.data;

  return (
    <div className="records">
      <form className="record__filters" onSubmit={(e) => e.preventDefault()} aria-label={t('filters')}>
        <DateSpanFields
          from={filters.from}
          to={filters.to}
          today={today}
          labels={{ from: t('date_from'), to: t('date_to') }}
          onFrom={(v) => set('from', v)}
          onTo={(v) => set('to', v)}
        />
        <SelectField
          label={t('category')}
          value={filters.gameType}
          allLabel={t('all')}
          options={categories.map((c) => ({ value: c, label: t(`category_name.${c}`) }))}
          onChange={(v) => set('gameType', v)}
        />
        <SelectField
          label={t('vendor')}
          value={filters.vassalage}
          allLabel={t('all')}
          options={studioOptions.map((s) => ({ value: s.code, label: s.name }))}
          onChange={(v) => set('vassalage', v)}
        />
        <SelectField
          label={t('status')}
          value={filters.status}
          allLabel={t('all')}
          options={statuses.map((s) => ({ value: s, label: t(`status_name.${s}`) }))}
          onChange={(v) => set('status', v)}
        />
      </form>

      {records.isError && (
        <p className="field__error" role="alert">
          {t('load_failed')}
        </p>
      )}
      {data && <Totals totals={data.totals} money={money} />}
      {data && data.list.length === 0 ? (
        <EmptyState message={t('no_bets')} />
      ) : (
        <div className="data-table-wrap">
          <table className="data-table" aria-labelledby={`${id}-caption`} data-testid="bet-record">
            <caption id={`${id}-caption`} className="visually-hidden">
              {t('bet_record_caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('col_time')}</th>
                <th scope="col">{t('col_game')}</th>
                <th scope="col">{t('col_category')}</th>
                <th scope="col">{t('col_round')}</th>
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
                <th scope="col">{t('col_status')}</th>
              </tr>
            </thead>
            <tbody aria-busy={records.isFetching}>
              {(data?.list ?? []).map((r) => (
                <tr key={r.id}>
                  <td className="data-table__time">
                    <time dateTime={r.placedAt}>{dateTime(r.placedAt)}</time>
                  </td>
                  <td className="data-table__wrap">
                    {r.gameName}
                    <small className="records__studio">{r.vassalage}</small>
                  </td>
                  <td>{t(`category_name.${r.gameType}`, { defaultValue: r.gameType })}</td>
                  <td className="data-table__ref">
                    {r.roundId}
                    {r.lottery && (
                      <small className="records__lottery">
                        {t('lottery_detail', {
                          numero: r.lottery.numero,
                          betType: r.lottery.betType,
                          content: r.lottery.content,
                        })}
                        {r.lottery.multiple > 1 && ` ×${r.lottery.multiple}`}
                        {/* A draw's row of numbers; a prize sheet (VN, 4D) is too long for a table cell. */}
                        {r.lottery.numbers && r.lottery.numbers.length <= DRAWN_INLINE_MAX && (
                          <>
                            <br />
                            {t('lottery_drawn', { numbers: r.lottery.numbers.join(' ') })}
                          </>
                        )}
                      </small>
                    )}
                    {r.sports && (
                      <small className="records__lottery">
                        {r.sports.kind === 'parlay' && t('sports_parlay', { count: r.sports.legs.length })}
                        {r.sports.legs.map((l, i) => (
                          <span key={i} className="records__leg">
                            {(i > 0 || r.sports!.kind === 'parlay') && <br />}
                            {t('sports_leg', { pick: l.pick, odds: l.odds, event: l.event })}
                            {l.result && ` · ${t(`sports_result.${l.result}`)}`}
                          </span>
                        ))}
                      </small>
                    )}
                  </td>
                  <td className="data-table__num">{money(r.stake)}</td>
                  <td className="data-table__num">{money(r.validBet)}</td>
                  <td className="data-table__num">{money(r.payout)}</td>
                  <td
                    className={`data-table__num ${r.profitLoss < 0 ? 'money--out' : r.profitLoss > 0 ? 'money--in' : ''}`}
                  >
                    {money(r.profitLoss, true)}
                  </td>
                  <td>
                    <span className={`status-pill status-pill--${statusTone[r.status]}`}>
                      {t(`status_name.${r.status}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <>
          <p className="records__count">{t('total_records', { total: data.totalCount })}</p>
          <Pagination
            page={data.pageNo}
            totalPages={data.totalPages}
            onChange={setPageNo}
            label={t('pages')}
          />
        </>
      )}
    </div>
  );
}
