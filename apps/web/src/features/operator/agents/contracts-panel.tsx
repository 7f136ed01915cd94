import { type Contract, type ContractKindName, contractKindNames } from '@arcadia/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ContractTierTable } from '../../../components/contract-tier-table';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ConfirmDialog } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { mayCall } from '../api/ops-client';
import { type OpsFormat, useOpsFormat } from '../lib/format';
import { type TopContractView, useTopContract, useTopContractTerminate } from './api';
import { ContractsForm } from './contracts-form';
import './contracts.css';

type HistoryRow = TopContractView['history'][number];

const percent = (rate: number) => `${+(rate * 100).toFixed(4)} %`;

/** One version's terms: the tier table, or the three real-time rates. */
function Terms({ contract, fmt }: { contract: Contract; fmt: OpsFormat }) {
  const { t } = useTranslation('operator');
  const kind = contract.kind;
  if (kind === 'realtime') {
    const r = contract.rates;
    return (
      <dl className="ops-contracts__facts">
        {(['rt_win_rate', 'rt_loss_rate', 'rt_bet_amount'] as const).map((name) => (
          <div key={name}>
            <dt>{t(`agentContracts.rt.${name}`)}</dt>
            <dd>{r ? percent(r[name]) : '—'}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <div className="data-table-wrap">
      <ContractTierTable
        kind={kind}
        details={contract.details}
        labels={{
          caption: t('agentContracts.tiers'),
          tier: t('agentContracts.tier'),
          bet: t(`agentContracts.bet.${kind}`),
          netLoss: t('agentContracts.net_loss'),
          activeMembers: t('agentContracts.active_members'),
          rate: t('agentContracts.rate'),
        }}
        money={fmt.money}
        percent={percent}
        testId="ops-contract-tiers"
      />
    </div>
  );
}

/** A version in force or pending: its number, status, period and dates, then its terms. */
function Version({ title, contract, fmt }: { title: string; contract: Contract; fmt: OpsFormat }) {
  const { t } = useTranslation('operator');
  const ok = contract.status === 'V';
  return (
    <section className="ops-contracts__version" aria-label={title}>
      <h4>
        {title}{' '}
        <span className={`status-pill ${ok ? 'status-pill--ok' : 'status-pill--pending'}`}>
          {t(`agentContracts.status.${contract.status}`)}
        </span>
      </h4>
      <dl className="ops-contracts__facts">
        <div>
          <dt>{t('agentContracts.version')}</dt>
          <dd>{t('agentContracts.version_n', { n: contract.version })}</dd>
        </div>
        {contract.period && (
          <div>
            <dt>{t('agentContracts.period_label')}</dt>
            <dd>{t(`agentContracts.period.${contract.period}`)}</dd>
          </div>
        )}
        <div>
          <dt>{t('agentContracts.offered')}</dt>
          <dd>{fmt.time(contract.offeredAt)}</dd>
        </div>
        <div>
          <dt>{t('agentContracts.accepted')}</dt>
          <dd>{contract.acceptedAt ? fmt.time(contract.acceptedAt) : t('agentContracts.not_yet')}</dd>
        </div>
      </dl>
      <Terms contract={contract} fmt={fmt} />
    </section>
  );
}

/** One kind of the agent's contracts: in force, pending, the change form, termination and history. */
function KindView({
  brand,
  role,
  agent,
  kind,
  onNotice,
}: {
  brand: OpsBrand;
  role: string;
  agent: { id: string; account: string };
  kind: ContractKindName;
  onNotice(text: string): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const view = useTopContract(brand.code, kind, agent.id);
  const terminate = useTopContractTerminate(brand.code, kind, agent.id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const maySet = mayCall(role, 'opsContractSet');
  const mayTerminate = mayCall(role, 'opsContractTerminate');
  const kindText = t(`agentContracts.kind_in_text.${kind}`);

  const columns = useMemo<DataColumn<HistoryRow>[]>(
    () => [
      {
        id: 'action',
        header: t('agentContracts.col_action'),
        cell: ({ row }) => t(`agentContracts.action.${row.original.action}`),
      },
      { id: 'actor', header: t('agentContracts.col_actor'), cell: ({ row }) => row.original.actor },
      {
        id: 'versions',
        header: t('agentContracts.col_versions'),
        cell: ({ row }) =>
          [row.original.fromVersion, row.original.toVersion]
            .filter((v): v is number => v !== null)
            .map((v) => t('agentContracts.version_n', { n: v }))
            .join(' → ') || '—',
      },
      { id: 'at', header: t('agentContracts.col_time'), cell: ({ row }) => fmt.time(row.original.at) },
    ],
    [t, fmt],
  );

  if (view.isPending)
    return (
      <p className="ops-card__state" role="status">
        <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
      </p>
    );
  if (view.error)
    return (
      <p className="form__error ops-card__state" role="alert">
        {errorText(view.error)}
      </p>
    );
  const { current, pending, history, canOffer } = view.data;
  return (
    <div className="ops-contracts__kind">
      {current ? (
        <Version title={t('agentContracts.in_force')} contract={current} fmt={fmt} />
      ) : (
        <p className="muted">{t('agentContracts.none_in_force')}</p>
      )}
      {pending && <Version title={t('agentContracts.pending')} contract={pending} fmt={fmt} />}
      <p className="muted ops-contracts__note">
        {t(canOffer ? 'agentContracts.can_offer_yes' : 'agentContracts.can_offer_no')}
      </p>
      {(maySet || mayTerminate) && !editing && (
        <div className="ops-contracts__actions">
          {maySet && (
            <button type="button" className="button button--primary" onClick={() => setEditing(true)}>
              {t('agentContracts.set')}
            </button>
          )}
          {mayTerminate && (current || pending) && (
            <button
              type="button"
              className="button button--danger-outline"
              disabled={terminate.isPending}
              onClick={() => {
                terminate.reset();
                setConfirming(true);
              }}
            >
              {t('agentContracts.terminate')}
            </button>
          )}
        </div>
      )}
      {terminate.error != null && (
        <p className="form__error" role="alert">
          {errorText(terminate.error)}
        </p>
      )}
      {editing && maySet && (
        <ContractsForm
          brand={brand}
          kind={kind}
          memberId={agent.id}
          base={pending ?? current}
          onCancel={() => setEditing(false)}
          onSaved={(c) => {
            setEditing(false);
            onNotice(t('agentContracts.saved', { n: c.version, kind: kindText }));
          }}
        />
      )}
      <section className="ops-contracts__history" aria-label={t('agentContracts.history')}>
        <h4>{t('agentContracts.history')}</h4>
        {history.length === 0 ? (
          <EmptyState message={t('agentContracts.history_empty')} />
        ) : (
          <div className="ops-table">
            <DataTable
              columns={columns}
              data={history.slice(0, 20)}
              caption={t('agentContracts.history')}
              rowKey={(r) => r.id}
              busy={view.isFetching}
              testId="ops-contract-history"
            />
          </div>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('agentContracts.terminate_title')}
        message={t('agentContracts.terminate_text', { kind: kindText, account: agent.account })}
        confirmLabel={t('agentContracts.terminate')}
        cancelLabel={t('agentContracts.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          terminate.mutate(undefined, {
            onSuccess: () =>
              onNotice(t('agentContracts.terminated', { kind: kindText, account: agent.account })),
          });
        }}
      />
    </div>
  );
}

/**
 * A top agent's contracts (the platform pays them), one kind at a time: the version in force and
 * a pending one with their terms, the recent history, and for the roles that may, new terms (a new
 * version in force at once) and termination. Everything is read from and written to the
 * operator's contract routes.
 */
export function ContractsPanel({
  brand,
  role,
  agent,
  onClose,
}: {
  brand: OpsBrand;
  role: string;
  agent: { id: string; account: string };
  onClose(): void;
}) {
  const { t } = useTranslation('operator');
  const [kind, setKind] = useState<ContractKindName>('dividend');
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = `ops-contracts-title-${agent.id}`;
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [agent.id]);
  return (
    <section className="ops-card ops-contracts" aria-labelledby={titleId} data-testid="ops-agent-contracts">
      <header className="ops-card__header">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t('agentContracts.title', { account: agent.account })}
        </h2>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('agentContracts.close')}
        </button>
      </header>
      <p className="muted">{t('agentContracts.lead')}</p>
      <div className="segmented ops-contracts__tabs" role="tablist" aria-label={t('agentContracts.kinds')}>
        {contractKindNames.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`ops-contracts-tab-${k}`}
            aria-selected={kind === k}
            aria-controls="ops-contracts-panel"
            className="segmented__item"
            onClick={() => {
              setKind(k);
              setNotice(null);
            }}
          >
            {t(`agentContracts.kind.${k}`)}
          </button>
        ))}
      </div>
      {notice && (
        <p className="ops-result" role="status">
          {notice}
        </p>
      )}
      <div id="ops-contracts-panel" role="tabpanel" aria-labelledby={`ops-contracts-tab-${kind}`}>
        <KindView
          key={`${agent.id}-${kind}`}
          brand={brand}
          role={role}
          agent={agent}
          kind={kind}
          onNotice={setNotice}
        />
      </div>
    </section>
  );
}
