import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { useApiErrorText } from '../../../lib/api-error-text';
import {
  type OpsBrand,
  type OpsDeposit,
  type OpsWithdrawal,
  usePendingDeposits,
  usePendingWithdrawals,
} from '../api/operator';
import { mayCall } from '../api/ops-client';
import { type OpsFormat, useOpsFormat } from '../lib/format';
import { DecisionDialog, type PendingDecision } from './decision-dialog';

interface QueueState<T> {
  data: { list: T[]; totalCount: number; pageNo: number; totalPages: number } | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch(): unknown;
}

/** A queue section: title with the count, loading / error / empty states, then the table. */
function QueueSection<T>({
  id,
  title,
  query,
  onPage,
  children,
}: {
  id: string;
  title: string;
  query: QueueState<T>;
  onPage(pageNo: number): void;
  children(list: T[]): React.ReactNode;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const count = query.data?.totalCount;
  return (
    <section className="ops-card" aria-labelledby={id}>
      <header className="ops-card__header">
        <h2 id={id}>
          {title}
          {count !== undefined && <span className="ops-count">{count}</span>}
        </h2>
      </header>
      {query.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : query.error ? (
        <div className="ops-card__state">
          <p className="form__error" role="alert">
            {errorText(query.error)}
          </p>
          <button type="button" className="button button--small" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : query.data && query.data.list.length > 0 ? (
        <>
          <div className="table-scroll" aria-busy={query.isFetching || undefined}>
            {children(query.data.list)}
          </div>
          {query.data.totalPages > 1 && (
            <div className="ops-card__more">
              <span className="muted">
                {t('page_of', { page: query.data.pageNo, pages: query.data.totalPages })}
              </span>
              <Pagination
                page={query.data.pageNo}
                totalPages={query.data.totalPages}
                onChange={onPage}
                label={t('pages_of', { title })}
              />
            </div>
          )}
        </>
      ) : (
        <EmptyState message={t('queue_empty')} />
      )}
    </section>
  );
}

function DecisionButtons({
  canDecide,
  onApprove,
  onReject,
  label,
}: {
  canDecide: boolean;
  onApprove(): void;
  onReject(): void;
  label: string;
}) {
  const { t } = useTranslation('operator');
  if (!canDecide) return <span className="muted">{t('read_only')}</span>;
  return (
    <div className="ops-actions" role="group" aria-label={label}>
      <button type="button" className="button button--small button--primary" onClick={onApprove}>
        {t('approve')}
      </button>
      <button type="button" className="button button--small button--danger-outline" onClick={onReject}>
        {t('reject')}
      </button>
    </div>
  );
}

/** What every queued request shows: id, member, amount, time and the decision buttons. */
interface QueueRow {
  kind: PendingDecision['kind'];
  id: string;
  account: string;
  amount: number;
  createdAt: string;
}

/**
 * One pending-request table: the common columns around the kind's own (`head` / `cells`),
 * with approve and reject for roles that may decide.
 */
function QueueTable<Row>({
  list,
  toRow,
  head,
  cells,
  fmt,
  canDecide,
  onDecide,
}: {
  list: Row[];
  toRow(row: Row): QueueRow;
  head: ReactNode;
  cells(row: Row): ReactNode;
  fmt: OpsFormat;
  canDecide: boolean;
  onDecide(d: PendingDecision): void;
}) {
  const { t } = useTranslation('operator');
  return (
    <table className="data-table ops-table">
      <thead>
        <tr>
          <th scope="col">{t('col_id')}</th>
          <th scope="col">{t('col_member')}</th>
          <th scope="col" className="data-table__num">
            {t('col_amount')}
          </th>
          {head}
          <th scope="col">{t('col_requested')}</th>
          <th scope="col">{t('col_actions')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((item) => {
          const row = toRow(item);
          const base = { kind: row.kind, id: row.id, account: row.account, amount: fmt.money(row.amount) };
          return (
            <tr key={row.id}>
              <td className="ops-table__id">#{row.id}</td>
              <td>
                <strong>{row.account}</strong>
              </td>
              <td className="data-table__num">{fmt.money(row.amount)}</td>
              {cells(item)}
              <td className="data-table__time">
                <time dateTime={row.createdAt}>{fmt.time(row.createdAt)}</time>
              </td>
              <td>
                <DecisionButtons
                  canDecide={canDecide}
                  label={t('actions_for', { id: row.id })}
                  onApprove={() => onDecide({ ...base, outcome: 'approve' })}
                  onReject={() => onDecide({ ...base, outcome: 'reject' })}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The brand's pending deposits and withdrawals, with approve and reject for roles that may. */
export function PaymentQueue({ brand, role }: { brand: OpsBrand; role: string }) {
  const { t } = useTranslation('operator');
  const fmt = useOpsFormat(brand);
  const [depositPage, setDepositPage] = useState(1);
  const [withdrawPage, setWithdrawPage] = useState(1);
  const deposits = usePendingDeposits(brand.code, depositPage);
  const withdrawals = usePendingWithdrawals(brand.code, withdrawPage);
  // A page emptied by decisions falls back to the last page there is.
  const lastDeposits = deposits.data?.totalPages ?? 1;
  const lastWithdrawals = withdrawals.data?.totalPages ?? 1;
  if (depositPage > lastDeposits) setDepositPage(lastDeposits);
  if (withdrawPage > lastWithdrawals) setWithdrawPage(lastWithdrawals);
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  return (
    <>
      <QueueSection id="ops-deposits" title={t('pending_deposits')} query={deposits} onPage={setDepositPage}>
        {(list) => (
          <QueueTable
            list={list}
            toRow={(d: OpsDeposit) => ({
              kind: 'deposit',
              id: d.depositId,
              account: d.account,
              amount: d.amount,
              createdAt: d.createdAt,
            })}
            head={
              <>
                <th scope="col">{t('col_channel')}</th>
                <th scope="col">{t('col_reference')}</th>
              </>
            }
            cells={(d) => (
              <>
                <td>{d.channel}</td>
                <td className="data-table__wrap">
                  <span className="ops-ref">D{d.depositId}</span>
                  {d.payerNote && <span className="muted"> · {d.payerNote}</span>}
                </td>
              </>
            )}
            fmt={fmt}
            canDecide={mayCall(role, 'opsDepositApprove')}
            onDecide={setDecision}
          />
        )}
      </QueueSection>
      <QueueSection
        id="ops-withdrawals"
        title={t('pending_withdrawals')}
        query={withdrawals}
        onPage={setWithdrawPage}
      >
        {(list) => (
          <QueueTable
            list={list}
            toRow={(w: OpsWithdrawal) => ({
              kind: 'withdrawal',
              id: w.withdrawId,
              account: w.account,
              amount: w.amount,
              createdAt: w.createdAt,
            })}
            head={<th scope="col">{t('col_payee')}</th>}
            cells={(w) => {
              const bank = [w.bankName, w.accountNumber].filter(Boolean).join(' · ');
              return (
                <td className="data-table__wrap">
                  <span>{w.accountName ?? w.payeeName ?? '—'}</span>
                  {bank && <span className="ops-sub muted">{bank}</span>}
                </td>
              );
            }}
            fmt={fmt}
            canDecide={mayCall(role, 'opsWithdrawApprove')}
            onDecide={setDecision}
          />
        )}
      </QueueSection>
      {decision && (
        <DecisionDialog merchantCode={brand.code} decision={decision} onClose={() => setDecision(null)} />
      )}
    </>
  );
}
