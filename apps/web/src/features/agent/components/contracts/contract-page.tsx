import type { ContractKindName } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { PanelError, PanelLoading } from '../../../../components/panel-state';
import { useApiErrorText } from '../../../../lib/api-error-text';
import { useUiStore } from '../../../../lib/ui-store';
import { maxRangeDays } from '../../api/agent';
import {
  type ContractBill,
  type ContractBillsQuery,
  fetchContractBills,
  useContractBillsQuery,
  useContractEvents,
  useMyContractQuery,
  useTerminateOwnContract,
} from '../../api/contracts';
import { useAgentFormat } from '../../hooks/use-format';
import { useReportRange } from '../../hooks/use-report-range';
import { csvAmount } from '../../lib/csv';
import { DateRangePicker } from '../date-range-picker';
import type { ReportColumn } from '../report-table';
import { ReportSection } from '../report-section';
import { DownlineContracts } from './downline-contracts';
import { ContractTerms } from './tier-table';

type Tab = 'mine' | 'downlines' | 'bills' | 'paying';
const tabs: Tab[] = ['mine', 'downlines', 'bills', 'paying'];
const tabLabel = {
  mine: 'my_contract',
  downlines: 'downline_contracts',
  bills: 'my_bills',
  paying: 'downline_bills',
} as const;

/**
 * One contract kind's agent-centre page (agentDividendRecordCopy2, agentDailyWages2,
 * agentHourSalary, agentRealtimeSalary): my contract, downline contracts, and the bills.
 */
export function ContractPage({ kind }: { kind: ContractKindName }) {
  const { t } = useTranslation('contracts');
  const [tab, setTab] = useState<Tab>('mine');
  useContractEvents(kind);
  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <div className="segmented" role="tablist" aria-label={t(`kind.${kind}`)}>
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className="segmented__item"
              onClick={() => setTab(k)}
            >
              {t(tabLabel[k])}
            </button>
          ))}
        </div>
      </div>
      {tab === 'mine' && <MyContract kind={kind} />}
      {tab === 'downlines' && <DownlineContracts kind={kind} />}
      {tab === 'bills' && <Bills kind={kind} scope="mine" />}
      {tab === 'paying' && <Bills kind={kind} scope="downlines" />}
    </div>
  );
}

function MyContract({ kind }: { kind: ContractKindName }) {
  const { t } = useTranslation('contracts');
  const f = useAgentFormat();
  const mine = useMyContractQuery(kind);
  const terminate = useTerminateOwnContract(kind);
  const errorText = useApiErrorText();
  const openModal = useUiStore((s) => s.openModal);
  const [confirming, setConfirming] = useState(false);
  if (mine.isPending) return <PanelLoading />;
  if (mine.isError) return <PanelError error={mine.error} onRetry={() => void mine.refetch()} />;
  const { current, pending, history } = mine.data;
  return (
    <>
      {pending && (
        <div className="agent-card agent-section__head" role="status">
          <span>{t('pending_offer_note')}</span>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => openModal('contractOffer')}
          >
            {t('review_offer')}
          </button>
        </div>
      )}
      <section className="agent-card" aria-label={t('my_contract')}>
        {current ? (
          <>
            <div className="agent-section__head">
              <p className="agent-section__title">
                {t('version', { version: current.version })} ·{' '}
                <span className="status-pill status-pill--ok">{t('status.V')}</span>
                {current.period && ` · ${t(`period.${current.period}`)}`}
              </p>
              <span className="muted">
                {current.acceptedAt && t('in_force_since', { time: f.dateTime(current.acceptedAt) })} ·{' '}
                {current.payer ? t('paid_by', { account: current.payer.account }) : t('paid_by_platform')}
              </span>
            </div>
            <ContractTerms kind={kind} contract={current} />
            <div className="agent-section__head">
              <span />
              {confirming ? (
                <span className="row-actions">
                  <span>{t('terminate_confirm')}</span>
                  <button type="button" className="button button--small" onClick={() => setConfirming(false)}>
                    {t('later')}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--primary"
                    disabled={terminate.isPending}
                    onClick={() => terminate.mutate(current.id, { onSuccess: () => setConfirming(false) })}
                  >
                    {t('terminate')}
                  </button>
                </span>
              ) : (
                <button type="button" className="button button--small" onClick={() => setConfirming(true)}>
                  {t('terminate')}
                </button>
              )}
            </div>
            {terminate.error != null && (
              <div className="form__error" role="alert">
                <p className="form__error-text">{errorText(terminate.error)}</p>
              </div>
            )}
          </>
        ) : (
          <p className="muted">{t('no_contract')}</p>
        )}
      </section>
      {history.length > 0 && (
        <section aria-label={t('history')}>
          <h3 className="agent-section__title">{t('history')}</h3>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('col.time')}</th>
                  <th scope="col">{t('col.action')}</th>
                  <th scope="col">{t('col.versions')}</th>
                  <th scope="col">{t('col.actor')}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <time dateTime={e.at}>{f.dateTime(e.at)}</time>
                    </td>
                    <td>{t(`action.${e.action}`)}</td>
                    <td>
                      {e.fromVersion ?? '—'} → {e.toVersion ?? '—'}
                    </td>
                    <td>{e.actor}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}

const pageSize = 20;
const billTone = { issued: 'ok', partial: 'pending', insufficient: 'bad', not_reached: 'muted' } as const;

function Bills({ kind, scope }: { kind: ContractKindName; scope: 'mine' | 'downlines' }) {
  const { t } = useTranslation('contracts');
  const f = useAgentFormat();
  const [pageNo, setPageNo] = useState(1);
  const { today, range, setRange } = useReportRange(() => setPageNo(1));
  const query: ContractBillsQuery = { scope, from: range.from, to: range.to, pageNo, pageSize };
  const bills = useContractBillsQuery(kind, query);
  const totals = bills.data?.totals;
  const columns: ReportColumn<ContractBill>[] = [
    {
      id: 'period',
      header: t('col.period'),
      cell: (b) => <time dateTime={b.periodStart}>{f.dateTime(b.periodStart)}</time>,
      csv: (b) => b.periodStart,
    },
    { id: 'member', header: t('col.member'), cell: (b) => b.member.account, csv: (b) => b.member.account },
    {
      id: 'validBet',
      header: t('col.valid_bet'),
      numeric: true,
      cell: (b) => f.money(b.validBet),
      csv: (b) => csvAmount(b.validBet, f.scale),
    },
    {
      id: 'profitLoss',
      header: t('col.profit_loss'),
      numeric: true,
      cell: (b) => f.money(b.profitLoss, { signed: true }),
      csv: (b) => csvAmount(b.profitLoss, f.scale),
    },
    {
      id: 'active',
      header: t('col.active'),
      numeric: true,
      cell: (b) => f.count(b.activeMembers),
      csv: (b) => b.activeMembers,
    },
    {
      id: 'tier',
      header: t('col.tier'),
      numeric: true,
      cell: (b) => (b.tier >= 0 && kind !== 'realtime' ? b.tier + 1 : '—'),
      csv: (b) => (b.tier >= 0 ? b.tier + 1 : ''),
    },
    {
      id: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (b) => f.money(b.amount),
      csv: (b) => csvAmount(b.amount, f.scale),
    },
    {
      id: 'paid',
      header: t('col.paid'),
      numeric: true,
      cell: (b) => f.money(b.paid),
      csv: (b) => csvAmount(b.paid, f.scale),
    },
    {
      id: 'status',
      header: t('col.status'),
      cell: (b) => (
        <span className={`status-pill status-pill--${billTone[b.status]}`}>
          {t(`bill_status.${b.status}`)}
        </span>
      ),
      csv: (b) => t(`bill_status.${b.status}`),
    },
    {
      id: 'from',
      header: t('col.paid_from'),
      cell: (b) => b.payer?.account ?? t('platform'),
      csv: (b) => b.payer?.account ?? t('platform'),
    },
  ];
  return (
    <>
      <DateRangePicker value={range} onChange={setRange} today={today} maxDays={maxRangeDays} />
      {totals && (
        <dl className="stat-grid" aria-label={t('totals')}>
          <div className="stat">
            <dt className="stat__label">{t('col.amount')}</dt>
            <dd className="stat__value">{f.money(totals.amount)}</dd>
          </div>
          <div className="stat">
            <dt className="stat__label">{t('col.paid')}</dt>
            <dd className="stat__value">{f.money(totals.paid)}</dd>
          </div>
        </dl>
      )}
      <ReportSection
        csv={{ name: `${kind}-bills-${scope}`, range, fetchPage: (n) => fetchContractBills(kind, query, n) }}
        caption={t(scope === 'mine' ? 'my_bills' : 'downline_bills')}
        columns={columns}
        rowKey={(b) => b.id}
        query={bills}
        onPageChange={setPageNo}
      />
    </>
  );
}
