import type { PlayerStatusAction } from '@arcadia/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import type { OpsBrand, OpsIdentity } from '../api/operator';
import { mayCall } from '../api/ops-client';
import { type OpsFormat, useOpsFormat } from '../lib/format';
import {
  type PlayerActivityReply,
  type PlayerDetailReply,
  usePlayerActivity,
  usePlayerDetail,
  usePlayerPasswordReset,
  usePlayerSessionEnd,
  usePlayerStatus,
} from './api';
import { PlayerLinked, PlayerNotes, PlayerRg } from './player-panels';
import { ReasonDialog } from '../components/reason-dialog';
import { StatusBadge } from './status-badge';

const tabs = ['overview', 'sessions', 'activity', 'responsible', 'notes', 'linked'] as const;
type Tab = (typeof tabs)[number];

type Dialog =
  | { kind: 'status'; action: PlayerStatusAction }
  | { kind: 'session'; sessionId: string }
  | { kind: 'password' };

type Session = PlayerDetailReply['sessions'][number];

/** The actions the member's status allows. */
const actionsFor = (status: string): PlayerStatusAction[] =>
  status === 'active' ? ['freeze', 'close'] : status === 'frozen' ? ['unfreeze', 'close'] : [];

/**
 * One member seen whole: the profile and status with its actions, balances, sessions, play and
 * payments, responsible gaming, notes and linked accounts — one tab each. Every action asks for a
 * reason in a dialog; the server writes it to the audit log.
 */
export function PlayerDetail({
  brand,
  identity,
  account,
  onBack,
  onOpen,
}: {
  brand: OpsBrand;
  identity: OpsIdentity;
  account: string;
  onBack(): void;
  onOpen(account: string): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const [tab, setTab] = useState<Tab>('overview');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const detail = usePlayerDetail(brand.code, account);
  const may = {
    status: mayCall(identity.role, 'opsPlayerStatus'),
    session: mayCall(identity.role, 'opsPlayerSessionEnd'),
    password: mayCall(identity.role, 'opsPlayerPasswordReset'),
    note: mayCall(identity.role, 'opsPlayerNoteAdd'),
    rg: mayCall(identity.role, 'opsRgStatus'),
  };
  const shown = tabs.filter((x) => x !== 'responsible' || may.rg);

  return (
    <section className="ops-card ops-players__detail" aria-labelledby="ops-player-title">
      <header className="ops-card__header ops-players__head">
        <button type="button" className="button button--small" onClick={onBack}>
          ← {t('players.back')}
        </button>
        <h2 id="ops-player-title">
          {account}
          {detail.data && <StatusBadge status={detail.data.profile.status} />}
        </h2>
      </header>
      {detail.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : detail.error ? (
        <p className="form__error ops-card__state" role="alert">
          {errorText(detail.error)}
        </p>
      ) : (
        <>
          <div className="segmented ops-players__tabs" role="tablist" aria-label={t('players.sections')}>
            {shown.map((x) => (
              <button
                key={x}
                type="button"
                role="tab"
                id={`ops-player-tab-${x}`}
                aria-selected={tab === x}
                aria-controls="ops-player-panel"
                className="segmented__item"
                onClick={() => setTab(x)}
              >
                {t(`players.tab_${x}`)}
              </button>
            ))}
          </div>
          <div
            id="ops-player-panel"
            role="tabpanel"
            aria-labelledby={`ops-player-tab-${tab}`}
            className="ops-players__panel"
          >
            {tab === 'overview' && (
              <Overview
                detail={detail.data}
                fmt={fmt}
                actions={may.status ? actionsFor(detail.data.profile.status) : []}
                mayReset={may.password && detail.data.profile.status !== 'closed'}
                onAction={setDialog}
                onOpen={onOpen}
              />
            )}
            {tab === 'sessions' && (
              <Sessions
                sessions={detail.data.sessions}
                knownIps={detail.data.knownIps}
                fmt={fmt}
                mayEnd={may.session}
                onEnd={(sessionId) => setDialog({ kind: 'session', sessionId })}
              />
            )}
            {tab === 'activity' && <Activity brand={brand} account={account} />}
            {tab === 'responsible' && <PlayerRg brand={brand} account={account} />}
            {tab === 'notes' && <PlayerNotes brand={brand} account={account} mayAdd={may.note} />}
            {tab === 'linked' && <PlayerLinked brand={brand} account={account} onOpen={onOpen} />}
          </div>
        </>
      )}
      {dialog?.kind === 'status' && (
        <StatusDialog
          brand={brand}
          account={account}
          action={dialog.action}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'session' && (
        <SessionDialog
          brand={brand}
          account={account}
          sessionId={dialog.sessionId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'password' && (
        <PasswordDialog brand={brand} account={account} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

function Overview({
  detail,
  fmt,
  actions,
  mayReset,
  onAction,
  onOpen,
}: {
  detail: PlayerDetailReply;
  fmt: OpsFormat;
  actions: PlayerStatusAction[];
  mayReset: boolean;
  onAction(d: Dialog): void;
  onOpen(account: string): void;
}) {
  const { t } = useTranslation('operator');
  const p = detail.profile;
  const rows: [string, React.ReactNode][] = [
    [t('players.member_id'), p.memberId],
    [t('players.nickname'), p.nickname ?? '—'],
    [t('players.kind'), p.agent ? t('players.agent') : t('players.player')],
    [
      t('players.parent'),
      p.parent ? (
        <button type="button" className="link-button" onClick={() => onOpen(p.parent!.account)}>
          {p.parent.account}
        </button>
      ) : (
        '—'
      ),
    ],
    [t('players.vip'), p.vipLevel === null ? '—' : `VIP ${p.vipLevel}`],
    [t('players.mobile'), p.mobile ?? '—'],
    [t('players.email'), p.email ?? '—'],
    [t('players.registered'), `${fmt.time(p.createdAt)} · ${p.registerMethod}`],
    [t('players.register_ip'), p.createdIp ?? '—'],
    [t('players.register_device'), p.registerDevice ?? '—'],
    [t('players.register_url'), p.registerUrl ?? p.domain ?? '—'],
    [t('players.last_login'), p.lastLoginAt ? `${fmt.time(p.lastLoginAt)} · ${p.lastLoginIp ?? ''}` : '—'],
    [t('players.language'), p.language ?? '—'],
    [
      t('players.password'),
      `${fmt.time(p.passwordChangedAt)}${p.mustChangePassword ? ` · ${t('players.must_change')}` : ''}`,
    ],
  ];
  return (
    <div className="ops-players__overview">
      <div className="ops-players__block">
        <h3>{t('players.profile')}</h3>
        <dl className="ops-summary ops-players__profile">
          {rows.map(([k, v]) => (
            <div key={k} className="ops-players__pair">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="ops-players__block">
        <h3>{t('players.balances')}</h3>
        {detail.balances.length === 0 ? (
          <p className="muted">{t('players.no_wallet')}</p>
        ) : (
          <dl className="ops-players__balances">
            {detail.balances.map((b) => (
              <div key={`${b.kind}-${b.code}`}>
                <dt>
                  {b.kind === 'main'
                    ? t('players.wallet_main')
                    : b.kind === 'points'
                      ? t('players.wallet_points')
                      : b.code}
                </dt>
                <dd>{b.kind === 'points' ? b.balance : fmt.minor(b.balance)}</dd>
              </div>
            ))}
          </dl>
        )}
        {(actions.length > 0 || mayReset) && (
          <>
            <h3>{t('players.actions')}</h3>
            <div className="ops-actions ops-players__actions">
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`button ${a === 'unfreeze' ? 'button--primary' : 'button--danger-outline'}`}
                  onClick={() => onAction({ kind: 'status', action: a })}
                >
                  {t(`players.action_${a}`)}
                </button>
              ))}
              {mayReset && (
                <button type="button" className="button" onClick={() => onAction({ kind: 'password' })}>
                  {t('players.reset_password')}
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Sessions({
  sessions,
  knownIps,
  fmt,
  mayEnd,
  onEnd,
}: {
  sessions: Session[];
  knownIps: PlayerDetailReply['knownIps'];
  fmt: OpsFormat;
  mayEnd: boolean;
  onEnd(id: string): void;
}) {
  const { t } = useTranslation('operator');
  const columns = useMemo<DataColumn<Session>[]>(
    () => [
      {
        id: 'started',
        header: t('players.col_started'),
        cell: ({ row }) => (
          <>
            {fmt.time(row.original.createdAt)}
            <span className="ops-sub muted">
              {t('players.last_seen')} {fmt.time(row.original.lastSeenAt)}
            </span>
          </>
        ),
        meta: { className: 'data-table__time' },
      },
      {
        id: 'where',
        header: t('players.col_where'),
        cell: ({ row }) => (
          <>
            {row.original.ip ?? '—'} · {row.original.loginType}
            <span className="ops-sub muted ops-players__ua">{row.original.userAgent ?? ''}</span>
          </>
        ),
      },
      {
        id: 'state',
        header: t('players.col_status'),
        cell: ({ row }) =>
          row.original.live ? (
            <span className="ops-players__status ops-players__status--active">
              {t('players.session_live')}
            </span>
          ) : (
            <span className="muted">
              {row.original.revokeReason
                ? t('players.session_ended_by', { reason: row.original.revokeReason })
                : t('players.session_over')}
            </span>
          ),
      },
      {
        id: 'end',
        header: () => <span className="visually-hidden">{t('players.end_session')}</span>,
        cell: ({ row }) =>
          mayEnd && row.original.live ? (
            <button
              type="button"
              className="button button--small button--danger-outline"
              onClick={() => onEnd(row.original.id)}
            >
              {t('players.end_session')}
            </button>
          ) : null,
      },
    ],
    [t, fmt, mayEnd, onEnd],
  );
  return (
    <div className="ops-players__stack">
      {sessions.length === 0 ? (
        <EmptyState message={t('players.no_sessions')} />
      ) : (
        <div className="ops-table ops-players__table">
          <DataTable
            columns={columns}
            data={sessions}
            caption={t('players.tab_sessions')}
            rowKey={(s) => s.id}
            testId="ops-player-sessions"
          />
        </div>
      )}
      {knownIps.length > 0 && (
        <div className="ops-players__block">
          <h3>{t('players.known_ips')}</h3>
          <ul className="ops-players__chips">
            {knownIps.map((i) => (
              <li key={i.ip} title={`${fmt.time(i.firstSeenAt)} – ${fmt.time(i.lastSeenAt)}`}>
                {i.ip}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

type Ledger = PlayerActivityReply['ledger'][number];
type Bet = PlayerActivityReply['bets'][number];
type Deposit = PlayerActivityReply['deposits'][number];
type Withdrawal = PlayerActivityReply['withdrawals'][number];
type Bonus = PlayerActivityReply['bonuses'][number];

function Activity({ brand, account }: { brand: OpsBrand; account: string }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const activity = usePlayerActivity(brand.code, account, true);
  const time = (iso: string) => <time dateTime={iso}>{fmt.time(iso)}</time>;
  const money = (v: string, signed = false) => fmt.minor(v, signed);
  const num = { meta: { numeric: true } } as const;
  const cols = useMemo(
    () => ({
      ledger: [
        { id: 'at', header: t('col_time'), cell: ({ row }) => time(row.original.at) },
        {
          id: 'kind',
          header: t('players.col_kind'),
          cell: ({ row }) => (
            <>
              {row.original.kind}
              <span className="ops-sub muted">{row.original.account}</span>
            </>
          ),
        },
        {
          id: 'amount',
          header: t('col_amount'),
          cell: ({ row }) => money(row.original.amount, true),
          ...num,
        },
        {
          id: 'after',
          header: t('players.col_balance_after'),
          cell: ({ row }) => (row.original.balanceAfter === null ? '—' : money(row.original.balanceAfter)),
          ...num,
        },
      ] as DataColumn<Ledger>[],
      bets: [
        { id: 'at', header: t('col_time'), cell: ({ row }) => time(row.original.placedAt) },
        {
          id: 'game',
          header: t('players.col_game'),
          cell: ({ row }) => (
            <>
              {row.original.game}
              <span className="ops-sub muted">{row.original.gameType}</span>
            </>
          ),
        },
        { id: 'stake', header: t('players.col_stake'), cell: ({ row }) => money(row.original.stake), ...num },
        {
          id: 'payout',
          header: t('players.col_payout'),
          cell: ({ row }) => money(row.original.payout),
          ...num,
        },
        { id: 'status', header: t('players.col_status'), cell: ({ row }) => row.original.status },
      ] as DataColumn<Bet>[],
      deposits: [
        { id: 'at', header: t('col_time'), cell: ({ row }) => time(row.original.at) },
        { id: 'channel', header: t('players.col_channel'), cell: ({ row }) => row.original.channel },
        { id: 'amount', header: t('col_amount'), cell: ({ row }) => money(row.original.amount), ...num },
        { id: 'status', header: t('players.col_status'), cell: ({ row }) => row.original.status },
      ] as DataColumn<Deposit>[],
      withdrawals: [
        { id: 'at', header: t('col_time'), cell: ({ row }) => time(row.original.at) },
        { id: 'amount', header: t('col_amount'), cell: ({ row }) => money(row.original.amount), ...num },
        { id: 'status', header: t('players.col_status'), cell: ({ row }) => row.original.status },
      ] as DataColumn<Withdrawal>[],
      bonuses: [
        { id: 'at', header: t('col_time'), cell: ({ row }) => time(row.original.at) },
        {
          id: 'promotion',
          header: t('players.col_promotion'),
          cell: ({ row }) => `#${row.original.promotionId}`,
        },
        { id: 'amount', header: t('col_amount'), cell: ({ row }) => money(row.original.amount), ...num },
        {
          id: 'required',
          header: t('players.col_turnover'),
          cell: ({ row }) => money(row.original.required),
          ...num,
        },
        { id: 'status', header: t('players.col_status'), cell: ({ row }) => row.original.status },
      ] as DataColumn<Bonus>[],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, fmt],
  );
  if (activity.isPending)
    return (
      <p className="ops-card__state" role="status">
        <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
      </p>
    );
  if (activity.error)
    return (
      <p className="form__error ops-card__state" role="alert">
        {errorText(activity.error)}
      </p>
    );
  const a = activity.data;
  const part = <Row extends { id: string }>(
    key: keyof typeof cols,
    rows: Row[],
    columns: DataColumn<Row>[],
  ) => (
    <div className="ops-players__block" key={key}>
      <h3>{t(`players.activity_${key}`)}</h3>
      {rows.length === 0 ? (
        <p className="muted">{t('players.nothing_yet')}</p>
      ) : (
        <div className="ops-table ops-players__table">
          <DataTable
            columns={columns}
            data={rows}
            caption={t(`players.activity_${key}`)}
            rowKey={(r) => r.id}
          />
        </div>
      )}
    </div>
  );
  return (
    <div className="ops-players__stack">
      {part('ledger', a.ledger, cols.ledger)}
      {part('bets', a.bets, cols.bets)}
      {part('deposits', a.deposits, cols.deposits)}
      {part('withdrawals', a.withdrawals, cols.withdrawals)}
      {part('bonuses', a.bonuses, cols.bonuses)}
    </div>
  );
}

function StatusDialog({
  brand,
  account,
  action,
  onClose,
}: {
  brand: OpsBrand;
  account: string;
  action: PlayerStatusAction;
  onClose(): void;
}) {
  const { t } = useTranslation('operator');
  const mutation = usePlayerStatus(brand.code, account);
  return (
    <ReasonDialog
      title={t(`players.confirm_${action}`, { account })}
      summary={<p>{t(`players.explain_${action}`)}</p>}
      confirmLabel={t(`players.action_${action}`)}
      danger={action !== 'unfreeze'}
      pending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={(reason) =>
        mutation.mutate(
          { action, reason },
          {
            onSuccess: (r) => {
              showToast(t(`players.done_${action}`, { account, count: r.sessionsEnded }));
              onClose();
            },
          },
        )
      }
    />
  );
}

function SessionDialog({
  brand,
  account,
  sessionId,
  onClose,
}: {
  brand: OpsBrand;
  account: string;
  sessionId: string;
  onClose(): void;
}) {
  const { t } = useTranslation('operator');
  const mutation = usePlayerSessionEnd(brand.code, account);
  return (
    <ReasonDialog
      title={t('players.confirm_end_session', { account })}
      summary={<p>{t('players.explain_end_session')}</p>}
      confirmLabel={t('players.end_session')}
      danger
      pending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={(reason) =>
        mutation.mutate(
          { sessionId, reason },
          {
            onSuccess: () => {
              showToast(t('players.done_end_session', { account }));
              onClose();
            },
          },
        )
      }
    />
  );
}

function PasswordDialog({ brand, account, onClose }: { brand: OpsBrand; account: string; onClose(): void }) {
  const { t } = useTranslation('operator');
  const mutation = usePlayerPasswordReset(brand.code, account);
  const [copied, setCopied] = useState(false);
  const password = mutation.data?.temporaryPassword;
  return (
    <ReasonDialog
      title={t('players.confirm_reset', { account })}
      summary={<p>{t('players.explain_reset')}</p>}
      confirmLabel={t('players.reset_password')}
      pending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={(reason) => mutation.mutate(reason)}
      done={
        password ? (
          <div className="ops-players__temp" role="status">
            <p>{t('players.temp_intro', { account })}</p>
            <output className="ops-players__password" data-testid="ops-player-temp-password">
              {password}
            </output>
            <p className="muted">{t('players.temp_once')}</p>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                void navigator.clipboard?.writeText(password).then(() => setCopied(true));
              }}
            >
              {copied ? t('players.copied') : t('players.copy')}
            </button>
          </div>
        ) : undefined
      }
    />
  );
}
