import { supportLimits } from '@arcadia/contract/client';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type CannedReply, useCannedReplies, useDeleteCanned, useSaveCanned } from '../api/support';

const blank = { title: '', body: '', sortOrder: 0 };

/** The brand's canned replies: list, add, edit, delete (each change is in the audit log). */
export function CannedReplies({ code }: { code: string }) {
  const { t } = useTranslation('support');
  const errorText = useApiErrorText();
  const list = useCannedReplies(code);
  const save = useSaveCanned(code);
  const remove = useDeleteCanned(code);
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState(blank);

  const edit = (c: CannedReply) => {
    setEditing(c.id);
    setForm({ title: c.title, body: c.body, sortOrder: c.sortOrder });
  };
  const reset = () => {
    setEditing(null);
    setForm(blank);
  };
  const valid = form.title.trim().length > 0 && form.body.trim().length > 0;

  return (
    <div className="canned">
      {list.data && list.data.list.length === 0 && <EmptyState message={t('desk_canned_empty')} />}
      <ul className="canned__list">
        {list.data?.list.map((c) => (
          <li key={c.id} className="canned__item">
            <div>
              <strong>{c.title}</strong>
              <p className="canned__body">{c.body}</p>
            </div>
            <div className="ops-actions">
              <button type="button" className="button button--small" onClick={() => edit(c)}>
                {t('desk_canned_edit')}
              </button>
              <button
                type="button"
                className="button button--small button--danger-outline"
                disabled={remove.isPending}
                onClick={() => {
                  remove.mutate(c.id);
                  if (editing === c.id) reset();
                }}
              >
                {t('desk_canned_delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <form
        className="canned__form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          save.mutate(
            {
              id: editing,
              input: { title: form.title.trim(), body: form.body.trim(), sortOrder: form.sortOrder },
            },
            { onSuccess: reset },
          );
        }}
      >
        <TextField
          label={t('desk_canned_title')}
          value={form.title}
          maxLength={supportLimits.cannedTitleMaxChars}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          required
        />
        <label className="field">
          <span className="field__label">{t('desk_canned_body')}</span>
          <textarea
            className="field__input ops-textarea"
            value={form.body}
            maxLength={supportLimits.cannedBodyMaxChars}
            onChange={(e) => setForm({ ...form, body: e.target.value })}
            required
          />
        </label>
        <TextField
          label={t('desk_canned_order')}
          type="number"
          min={0}
          max={100000}
          value={form.sortOrder}
          onChange={(e) =>
            setForm({ ...form, sortOrder: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })
          }
        />
        {(save.error || remove.error) && (
          <p className="field__error" role="alert">
            {errorText(save.error ?? remove.error)}
          </p>
        )}
        <div className="ops-actions">
          <button type="submit" className="button button--primary" disabled={!valid || save.isPending}>
            {editing ? t('desk_canned_save') : t('desk_canned_add')}
          </button>
          {editing && (
            <button type="button" className="button" onClick={reset}>
              {t('desk_canned_cancel')}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
