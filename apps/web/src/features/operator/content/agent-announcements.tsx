import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type OpsAgentAnnouncement, useAgentAnnouncements, useSaveAgentAnnouncement } from './api';

const formSchema = z.object({
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(20_000),
  language: z.string(),
  pinned: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;

/** Announcements shown in the agent centre: the list, and a form for a new one. */
export function AgentAnnouncements({ code, mayEdit }: { code: string; mayEdit: boolean }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const list = useAgentAnnouncements(code);
  const save = useSaveAgentAnnouncement(code);
  const blank: FormValues = { title: '', content: '', language: '', pinned: false };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: blank });
  const columns: DataColumn<OpsAgentAnnouncement>[] = [
    { id: 'title', header: t('content.title'), cell: ({ row }) => row.original.title },
    {
      id: 'language',
      header: t('content.language'),
      cell: ({ row }) => row.original.language ?? t('content.all_languages'),
    },
    { id: 'pinned', header: t('content.pinned'), cell: ({ row }) => (row.original.pinned ? '✓' : '') },
    {
      id: 'published',
      header: t('content.published'),
      cell: ({ row }) => new Date(row.original.publishedAt).toLocaleString(),
    },
    {
      id: 'state',
      header: t('content.state'),
      cell: ({ row }) => (
        <span className={`status-pill status-pill--${row.original.enabled ? 'ok' : 'muted'}`}>
          {t(row.original.enabled ? 'content.state_live' : 'content.state_off')}
        </span>
      ),
    },
  ];
  const rows = list.data?.list ?? [];
  return (
    <div className="content-section">
      {list.error && <p className="form__error">{errorText(list.error)}</p>}
      {rows.length === 0 && !list.isPending ? (
        <EmptyState message={t('content.none')} />
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          caption={t('content.tab_agent')}
          rowKey={(a) => a.id}
          busy={list.isPending}
        />
      )}
      {mayEdit && (
        <form
          className="content-form content-form__grid"
          noValidate
          aria-label={t('content.agent_form')}
          onSubmit={handleSubmit((v) =>
            save.mutate({ ...v, language: v.language || null }, { onSuccess: () => reset(blank) }),
          )}
        >
          <TextField
            label={t('content.title')}
            required
            error={errors.title ? t('content.required') : undefined}
            {...register('title')}
          />
          <TextField
            label={t('content.language')}
            hint={t('content.language_hint')}
            {...register('language')}
          />
          <label className="field content-form__wide">
            <span className="field__label">{t('content.body')}</span>
            <textarea className="field__input" rows={4} {...register('content')} />
            {errors.content && <span className="field__error">{t('content.required')}</span>}
          </label>
          <label className="content-form__check">
            <input type="checkbox" {...register('pinned')} /> {t('content.pinned')}
          </label>
          <div className="content-form__actions">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {t('content.publish')}
            </button>
          </div>
          {save.error && (
            <p className="form__error" role="alert">
              {errorText(save.error)}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
