import type { Raffle } from '@arcadia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import type { OpsBrand } from '../api/operator';
import {
  useOpsRewardsLiabilities,
  useOpsRewardsSettings,
  useSaveRewardsSettings,
} from '../api/rewards-review';
import { ReasonDialog } from '../components/reason-dialog';
import { useOpsFormat } from '../lib/format';
import { RaffleForm } from './raffle-form';
import './raffles.css';

type Status = 'upcoming' | 'open' | 'closed' | 'drawn';
type Figure = { count: number; amount: number };
interface Row {
  raffle: Raffle;
  status: Status;
  commitment: string | null;
  tickets: number | null;
  entries: number | null;
  claimed: Figure | null;
  outstanding: Figure | null;
  expired: Figure | null;
}
const statusPill = { upcoming: 'pending', open: 'ok', closed: 'pending', drawn: 'muted' } as const;
/** The server's refusals of a write touching a started, drawn or ended raffle (`request.state`). */
const refusals = ['raffle.started', 'raffle.drawn', 'raffle.ended'] as const;
const MAX_RAFFLES = 50;

/** Before the liabilities arrive, a raffle's status from its window (the draw decides "drawn"). */
function statusByClock(r: Raffle, now: number): Status {
  if (now < Date.parse(r.startsAt)) return 'upcoming';
  if (now < Date.parse(r.endsAt)) return 'open';
  return 'closed';
}

/**
 * The brand's raffles (docs/rewards.md "Raffles"), in the rewards settings: each with its status,
 * window, draw time, commitment and the figures of the liabilities (tickets issued, prizes claimed,
 * outstanding, expired). Admins create one, change one before it opens (only its texts after),
 * and remove one before it opens — each write the whole list with a reason (audited); the server's
 * refusal of a started, drawn or ended raffle is shown in words.
 */
export function RafflesDesk({ brand, mayEdit }: { brand: OpsBrand; mayEdit: boolean }) {
  const { t, i18n } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const client = useQueryClient();
  const settings = useOpsRewardsSettings(brand.code);
  const liabilities = useOpsRewardsLiabilities(brand.code);
  const save = useSaveRewardsSettings(brand.code);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [removing, setRemoving] = useState<Raffle | null>(null);

  const list = settings.data?.raffles.list ?? [];
  const figures = new Map((liabilities.data?.raffles.list ?? []).map((r) => [r.id, r]));
  // When the list was read: the status by the clock is a stand-in until the figures arrive.
  const now = settings.dataUpdatedAt;
  const rows: Row[] = list.map((raffle) => {
    const f = figures.get(raffle.id);
    return {
      raffle,
      status: f?.status ?? statusByClock(raffle, now),
      commitment: f?.commitment ?? null,
      tickets: f?.tickets ?? null,
      entries: f?.entries ?? null,
      claimed: f?.claimed ?? null,
      outstanding: f?.outstanding ?? null,
      expired: f?.expired ?? null,
    };
  });
  const language = (i18n.resolvedLanguage ?? 'en').toUpperCase();
  const titleOf = (r: Raffle) => r.title[language] ?? Object.values(r.title)[0] ?? r.id;

  const problem = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'request.state') {
      const reason = refusals.find((x) => x === err.value?.reason);
      if (reason)
        return t(`raffles.refused.${reason.slice('raffle.'.length) as 'started'}`, {
          id: String(err.value?.raffleId ?? ''),
        });
    }
    return errorText(err);
  };
  const write = (next: Raffle[], reason: string, done: () => void) =>
    save.mutate(
      { feature: 'raffles', value: { list: next }, reason },
      {
        onSuccess: () => {
          showToast(t('settings_saved'), 'success');
          void client.invalidateQueries({ queryKey: ['ops', 'brand', brand.code, 'rewards-liabilities'] });
          done();
        },
      },
    );

  const figure = (f: Figure | null) =>
    f === null ? '—' : t('raffles.figure', { count: f.count, amount: fmt.money(f.amount) });
  const columns: DataColumn<Row>[] = [
    {
      id: 'raffle',
      header: t('raffles.col_raffle'),
      cell: ({ row }) => (
        <>
          <strong className="ops-raffles__name">{titleOf(row.original.raffle)}</strong>
          <span className="ops-sub muted">{row.original.raffle.id}</span>
        </>
      ),
    },
    {
      id: 'status',
      header: t('raffles.col_status'),
      cell: ({ row }) => (
        <span className={`status-pill status-pill--${statusPill[row.original.status]}`}>
          {t(`raffles.status.${row.original.status}`)}
        </span>
      ),
    },
    {
      id: 'window',
      header: t('raffles.col_window'),
      cell: ({ row }) => (
        <>
          <time dateTime={row.original.raffle.startsAt}>{fmt.time(row.original.raffle.startsAt)}</time>
          <span className="ops-sub muted">
            <time dateTime={row.original.raffle.endsAt}>{fmt.time(row.original.raffle.endsAt)}</time>
          </span>
        </>
      ),
    },
    {
      id: 'draw',
      header: t('raffles.col_draw'),
      cell: ({ row }) => (
        <time dateTime={row.original.raffle.drawAt}>{fmt.time(row.original.raffle.drawAt)}</time>
      ),
    },
    {
      id: 'commitment',
      header: t('raffles.col_commitment'),
      cell: ({ row }) =>
        row.original.commitment ? (
          <code className="ops-raffles__hash" title={row.original.commitment} data-testid="raffle-commitment">
            {row.original.commitment}
          </code>
        ) : (
          '—'
        ),
    },
    {
      id: 'tickets',
      header: t('raffles.col_tickets'),
      meta: { numeric: true },
      cell: ({ row }) =>
        row.original.tickets === null ? (
          '—'
        ) : (
          <>
            {row.original.tickets}
            <span className="ops-sub muted">
              {t('raffles.entries', { count: row.original.entries ?? 0 })}
            </span>
          </>
        ),
    },
    {
      id: 'claimed',
      header: t('raffles.col_claimed'),
      meta: { numeric: true },
      cell: ({ row }) => figure(row.original.claimed),
    },
    {
      id: 'outstanding',
      header: t('raffles.col_outstanding'),
      meta: { numeric: true },
      cell: ({ row }) => figure(row.original.outstanding),
    },
    {
      id: 'expired',
      header: t('raffles.col_expired'),
      meta: { numeric: true },
      cell: ({ row }) => figure(row.original.expired),
    },
  ];
  if (mayEdit)
    columns.push({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('raffles.col_actions')}</span>,
      cell: ({ row }) => {
        const r = row.original;
        return (
          <div className="ops-raffles__actions">
            {r.status !== 'drawn' && (
              <button
                type="button"
                className="button button--small"
                aria-label={t('raffles.edit_of', { id: r.raffle.id })}
                onClick={() => {
                  save.reset();
                  setEditing({ id: r.raffle.id });
                }}
              >
                {t('raffles.edit')}
              </button>
            )}
            {r.status === 'upcoming' && (
              <button
                type="button"
                className="button button--small button--danger-outline"
                aria-label={t('raffles.remove_of', { id: r.raffle.id })}
                onClick={() => {
                  save.reset();
                  setRemoving(r.raffle);
                }}
              >
                {t('raffles.remove')}
              </button>
            )}
          </div>
        );
      },
    });

  const edited = editing?.id ? rows.find((r) => r.raffle.id === editing.id) : undefined;
  return (
    <div className="ops-raffles" data-testid="ops-raffles">
      <div className="ops-raffles__head">
        <p className="muted">{t('raffles.lead')}</p>
        {mayEdit && !editing && settings.data && (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={list.length >= MAX_RAFFLES}
            onClick={() => {
              save.reset();
              setEditing({ id: null });
            }}
          >
            {t('raffles.new')}
          </button>
        )}
      </div>
      {liabilities.data && (
        <p className="ops-raffles__owed">
          {t('raffles.owed', {
            count: liabilities.data.raffles.outstanding.count,
            amount: fmt.money(liabilities.data.raffles.outstanding.amount),
          })}
        </p>
      )}
      {settings.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : settings.error ? (
        <p className="form__error ops-card__state" role="alert">
          {errorText(settings.error)}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState message={t('raffles.empty')} />
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          caption={t('raffles.caption')}
          rowKey={(r) => r.raffle.id}
          testId="ops-raffles-table"
        />
      )}
      {editing && (editing.id === null || edited) && (
        <RaffleForm
          key={editing.id ?? 'new'}
          base={edited?.raffle ?? null}
          takenIds={list.map((r) => r.id)}
          textsOnly={!!edited && edited.status !== 'upcoming'}
          fmt={fmt}
          pending={save.isPending}
          error={save.error ? problem(save.error) : null}
          onCancel={() => setEditing(null)}
          onSave={(raffle, reason) =>
            write(
              editing.id === null ? [...list, raffle] : list.map((r) => (r.id === editing.id ? raffle : r)),
              reason,
              () => setEditing(null),
            )
          }
        />
      )}
      {removing && (
        <ReasonDialog
          title={t('raffles.remove_title', { id: removing.id })}
          summary={
            <>
              <p>{t('raffles.remove_summary', { title: titleOf(removing) })}</p>
              {save.error ? (
                <p className="form__error" role="alert">
                  {problem(save.error)}
                </p>
              ) : null}
            </>
          }
          confirmLabel={t('raffles.remove')}
          danger
          pending={save.isPending}
          error={null}
          onClose={() => setRemoving(null)}
          onSubmit={(reason) =>
            write(
              list.filter((r) => r.id !== removing.id),
              reason.slice(0, 200),
              () => setRemoving(null),
            )
          }
        />
      )}
    </div>
  );
}
