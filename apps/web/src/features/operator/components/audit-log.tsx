import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type OpsAuditEntry, type OpsBrand, useAuditLog } from '../api/operator';
import { type OpsFormat, useOpsFormat } from '../lib/format';

/** Audit actions this page names; any other shows as recorded. */
const actionKeys = {
  'deposit.approve': 'action_deposit_approve',
  'deposit.reject': 'action_deposit_reject',
  'withdraw.approve': 'action_withdraw_approve',
  'withdraw.reject': 'action_withdraw_reject',
  adjustment: 'action_adjustment',
  'operator.create': 'action_operator_create',
  'inbox.send': 'action_inbox_send',
  'inbox.schedule': 'action_inbox_schedule',
  'inbox.cancel': 'action_inbox_cancel',
} as const;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** The payload's essentials in one line: member, amount (minor units in the log), note or reason. */
function details(entry: OpsAuditEntry, fmt: OpsFormat): string {
  const p = entry.payload;
  const parts: string[] = [];
  const who = text(p.member) ?? text(p.account) ?? text(p.username);
  if (who) parts.push(who);
  const amount = typeof p.amount === 'string' || typeof p.amount === 'number' ? String(p.amount) : null;
  if (amount && entry.action !== 'operator.create')
    parts.push(fmt.minor(amount, entry.action === 'adjustment'));
  if (text(p.role)) parts.push(String(p.role));
  const words = text(p.reason) ?? text(p.note) ?? text(p.title);
  if (words) parts.push(`“${words}”`);
  return parts.join(' · ');
}

/** The brand's most recent operator actions (admins only: the route says so). */
export function AuditLog({ brand }: { brand: OpsBrand }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const audit = useAuditLog(brand.code, true);
  return (
    <section className="ops-card" aria-labelledby="ops-audit-title">
      <header className="ops-card__header">
        <h2 id="ops-audit-title">{t('audit_log')}</h2>
      </header>
      {audit.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : audit.error ? (
        <p className="form__error ops-card__state" role="alert">
          {errorText(audit.error)}
        </p>
      ) : audit.data.list.length === 0 ? (
        <EmptyState message={t('audit_empty')} />
      ) : (
        <div className="table-scroll">
          <table className="data-table ops-table ops-table--compact">
            <thead>
              <tr>
                <th scope="col">{t('col_time')}</th>
                <th scope="col">{t('col_actor')}</th>
                <th scope="col">{t('col_action')}</th>
                <th scope="col">{t('col_details')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.list.map((entry) => (
                <tr key={entry.id}>
                  <td className="data-table__time">
                    <time dateTime={entry.createdAt}>{fmt.time(entry.createdAt)}</time>
                  </td>
                  <td>{entry.actor.replace(/^operator:/, '')}</td>
                  <td>
                    <span className="ops-action">
                      {entry.action in actionKeys
                        ? t(actionKeys[entry.action as keyof typeof actionKeys])
                        : entry.action}
                    </span>
                    <span className="ops-sub muted">{entry.target}</span>
                  </td>
                  <td className="data-table__wrap">{details(entry, fmt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
