import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { DateSpanFields, SelectField } from '../../../components/filter-fields';
import {
  type LedgerKind,
  type TransactionsQuery,
  useBalanceQuery,
  useMemberTransactionsQuery,
} from '../api/wallet';
import { useDateTime } from '../hooks/use-date-time';
import { useMoney, useWalletName } from '../hooks/use-money';
import { MAIN, ledgerKinds } from '../lib/wallets';
import { HistoryTable } from './history-table';

export const accountRecordPageSize = 10;

/** The user's local calendar date as `yyyy-mm-dd` (what `<input type="date">` holds). */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface Filters {
  from: string;
  to: string;
  kind: LedgerKind | '';
  wallet: string;
}

/**
 * Account record (`transactionHistory`): the member's ledger movements, newest first, filtered by
 * date range, kind and wallet, with numbered pages. Amounts are signed (green in, red out).
 */
export function AccountRecord() {
  const { t } = useTranslation('wallet');
  const id = useId();
  const { format } = useMoney();
  const walletName = useWalletName();
  const balance = useBalanceQuery();
  const today = localDate(new Date());
  const [filters, setFilters] = useState<Filters>({ from: '', to: '', kind: '', wallet: '' });
  const [pageNo, setPageNo] = useState(1);

  const query: TransactionsQuery = {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.wallet ? { wallet: filters.wallet } : {}),
    pageNo,
    pageSize: accountRecordPageSize,
  };
  const records = useMemberTransactionsQuery(query);
  const wallets = balance.data?.balance.map((w) => w.wallet) ?? [MAIN];

  const dateTime = useDateTime();

  // Any filter change starts again from the first page.
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPageNo(1);
  };
  const reset = () => {
    setFilters({ from: '', to: '', kind: '', wallet: '' });
    setPageNo(1);
  };

  return (
    <div className="record">
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
          label={t('kind')}
          value={filters.kind}
          allLabel={t('all_kinds')}
          options={ledgerKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          onChange={(v) => set('kind', v)}
        />
        <SelectField
          label={t('wallet')}
          value={filters.wallet}
          allLabel={t('all_wallets')}
          options={wallets.map((w) => ({ value: w, label: walletName(w) }))}
          onChange={(v) => set('wallet', v)}
        />
        <button type="button" className="button record__reset" onClick={reset}>
          {t('reset_filters')}
        </button>
      </form>

      <HistoryTable
        records={records}
        labelledBy={`${id}-caption`}
        caption={
          <caption id={`${id}-caption`} className="visually-hidden">
            {t('record_caption')}
          </caption>
        }
        head={
          <>
            <th scope="col">{t('col_time')}</th>
            <th scope="col">{t('col_kind')}</th>
            <th scope="col">{t('col_wallet')}</th>
            <th scope="col" className="data-table__num">
              {t('col_amount')}
            </th>
            <th scope="col" className="data-table__num">
              {t('col_balance_after')}
            </th>
            <th scope="col">{t('col_reference')}</th>
          </>
        }
        row={(row) => (
          <tr key={row.id}>
            <td className="data-table__time">
              <time dateTime={row.time}>{dateTime(row.time)}</time>
            </td>
            <td className="data-table__wrap">{t(`kinds.${row.kind}`)}</td>
            <td>{walletName(row.wallet)}</td>
            <td
              className={`data-table__num ${row.amount < 0 ? 'money--out' : row.amount > 0 ? 'money--in' : ''}`}
            >
              {format(row.amount, { signed: true })}
            </td>
            <td className="data-table__num">{format(row.balanceAfter)}</td>
            <td className="data-table__ref">{row.reference ?? '—'}</td>
          </tr>
        )}
        totalText={(total) => t('total_records', { total })}
        pagesLabel={t('pages')}
        onPageChange={setPageNo}
      />
    </div>
  );
}
