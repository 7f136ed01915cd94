import { PLAYER_NOTE_MAX, PLAYER_REASON, opsPlayerNoteBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { useOpsFormat } from '../lib/format';
import { usePlayerLinked, usePlayerNoteAdd, usePlayerNotes, usePlayerRg } from './api';
import { StatusBadge } from './status-badge';

function Loading() {
  const { t } = useTranslation('operator');
  return (
    <p className="ops-card__state" role="status">
      <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
    </p>
  );
}

function Failed({ error }: { error: unknown }) {
  const errorText = useApiErrorText();
  return (
    <p className="form__error ops-card__state" role="alert">
      {errorText(error)}
    </p>
  );
}

/** Responsible gaming, read through its own operator endpoint: limits, the break in force, history. */
export function PlayerRg({ brand, account }: { brand: OpsBrand; account: string }) {
  const { t } = useTranslation('operator');
  const fmt = useOpsFormat(brand);
  const rg = usePlayerRg(brand.code, account, true);
  if (rg.isPending) return <Loading />;
  if (rg.error) return <Failed error={rg.error} />;
  const r = rg.data;
  return (
    <div className="ops-players__stack">
      <div className="ops-players__block">
        <h3>{t('players.rg_exclusion')}</h3>
        <p>
          {r.exclusion
            ? t(`players.rg_${r.exclusion.kind}`, {
                until: r.exclusion.until ? fmt.time(r.exclusion.until) : t('players.rg_permanent'),
              })
            : t('players.rg_no_exclusion')}
        </p>
        <p className="muted">
          {t('players.rg_reality', {
            value: r.realityCheckMinutes === null ? t('players.rg_off') : `${r.realityCheckMinutes} min`,
          })}
        </p>
      </div>
      <div className="ops-players__block">
        <h3>{t('players.rg_limits')}</h3>
        <dl className="ops-players__balances">
          {r.depositLimits.map((l) => (
            <div key={l.period}>
              <dt>{t(`players.rg_period_${l.period}`)}</dt>
              <dd>{l.amount === null ? t('players.rg_none') : fmt.minor(l.amount)}</dd>
              <dd className="ops-sub muted">
                {t('players.rg_used', { used: fmt.minor(l.used) })}
                {l.pending &&
                  ` · ${t('players.rg_pending', {
                    amount: l.pending.amount === null ? t('players.rg_none') : fmt.minor(l.pending.amount),
                    from: fmt.time(l.pending.from),
                  })}`}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {r.history.length > 0 && (
        <div className="ops-players__block">
          <h3>{t('players.rg_history')}</h3>
          <ul className="ops-players__list">
            {r.history.slice(0, 20).map((h, i) => (
              <li key={`${h.at}-${i}`}>
                <time dateTime={h.at}>{fmt.time(h.at)}</time> · {t(`players.rg_event_${h.action}`)}
                {typeof h.detail.period === 'string' && ` · ${t(`players.rg_period_${h.detail.period}`)}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Operators' notes on the member, newest first, and a form to add one (its own audit reason). */
export function PlayerNotes({
  brand,
  account,
  mayAdd,
}: {
  brand: OpsBrand;
  account: string;
  mayAdd: boolean;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const notes = usePlayerNotes(brand.code, account, true);
  const add = usePlayerNoteAdd(brand.code, account);
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(opsPlayerNoteBodySchema), defaultValues: { text: '' } });
  const invalid = errors.text
    ? t('reason_required', { min: PLAYER_REASON.min, max: PLAYER_NOTE_MAX })
    : undefined;
  return (
    <div className="ops-players__stack">
      {mayAdd && (
        <form
          className="form ops-players__note-form"
          noValidate
          onSubmit={handleSubmit((body) => add.mutate(body.text, { onSuccess: () => reset({ text: '' }) }))}
        >
          <div className={`field${invalid ? ' field--invalid' : ''}`}>
            <label htmlFor={id} className="field__label">
              {t('players.note_new')}
              <span className="field__required" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <textarea
              id={id}
              className="field__input ops-textarea"
              rows={3}
              maxLength={PLAYER_NOTE_MAX}
              aria-required="true"
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
              {...register('text')}
            />
            {invalid ? (
              <p id={`${id}-error`} className="field__error" role="alert">
                {invalid}
              </p>
            ) : (
              <p id={`${id}-hint`} className="field__hint">
                {t('players.note_hint')}
              </p>
            )}
          </div>
          {add.error && (
            <p className="form__error" role="alert">
              {errorText(add.error)}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {t('players.note_add')}
          </button>
        </form>
      )}
      {notes.isPending ? (
        <Loading />
      ) : notes.error ? (
        <Failed error={notes.error} />
      ) : notes.data.list.length === 0 ? (
        <EmptyState message={t('players.no_notes')} />
      ) : (
        <ul className="ops-players__notes" data-testid="ops-player-notes">
          {notes.data.list.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <span className="ops-sub muted">
                {n.author.replace(/^operator:/, '')} ·{' '}
                <time dateTime={n.createdAt}>{fmt.time(n.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Other members sharing a registration or login IP, or a sign-up device, with this one. */
export function PlayerLinked({
  brand,
  account,
  onOpen,
}: {
  brand: OpsBrand;
  account: string;
  onOpen(account: string): void;
}) {
  const { t } = useTranslation('operator');
  const fmt = useOpsFormat(brand);
  const linked = usePlayerLinked(brand.code, account, true);
  if (linked.isPending) return <Loading />;
  if (linked.error) return <Failed error={linked.error} />;
  if (linked.data.list.length === 0) return <EmptyState message={t('players.no_linked')} />;
  return (
    <ul className="ops-players__linked" data-testid="ops-player-linked">
      {linked.data.list.map((l) => (
        <li key={l.memberId}>
          <div>
            <button type="button" className="link-button" onClick={() => onOpen(l.account)}>
              {l.account}
            </button>{' '}
            <StatusBadge status={l.status} />
            <span className="ops-sub muted">
              #{l.memberId} · {fmt.time(l.createdAt)}
            </span>
          </div>
          <ul className="ops-players__chips">
            {l.shared.map((s) => (
              <li key={`${s.kind}-${s.value}`}>
                {t(`players.shared_${s.kind}`)} {s.value}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
