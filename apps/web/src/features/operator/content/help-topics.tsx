import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { ReasonDialog } from '../components/reason-dialog';
import { type OpsHelpTopic, useDeleteHelpTopic, useHelpTopics, useSaveHelpTopic } from './api';

const formSchema = z.object({
  language: z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/),
  term: z.string().regex(/^[a-z0-9_-]{1,64}$/),
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(20_000),
  sort: z.number().int().min(0).max(100_000),
  reason: z.string().trim().min(1).max(500),
});
type FormValues = z.infer<typeof formSchema>;

/** Help-centre topics per language: the list, and a form that creates or replaces one by term. */
export function HelpTopics({ code, mayEdit }: { code: string; mayEdit: boolean }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const topics = useHelpTopics(code);
  const save = useSaveHelpTopic(code);
  const remove = useDeleteHelpTopic(code);
  const [language, setLanguage] = useState('');
  const [deleting, setDeleting] = useState<OpsHelpTopic | null>(null);
  const blank: FormValues = { language: 'EN', term: '', title: '', content: '', sort: 0, reason: '' };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: blank });
  const list = (topics.data?.list ?? []).filter((x) => !language || x.language === language);
  const languages = [...new Set((topics.data?.list ?? []).map((x) => x.language))];
  const columns: DataColumn<OpsHelpTopic>[] = [
    { id: 'language', header: t('content.language'), cell: ({ row }) => row.original.language },
    { id: 'term', header: t('content.term'), cell: ({ row }) => <code>{row.original.term}</code> },
    { id: 'title', header: t('content.title'), cell: ({ row }) => row.original.title },
    { id: 'sort', header: t('content.order'), meta: { numeric: true }, cell: ({ row }) => row.original.sort },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        mayEdit && (
          <span className="content-actions">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => reset({ ...row.original, reason: '' })}
            >
              {t('content.edit')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                remove.reset();
                setDeleting(row.original);
              }}
            >
              {t('content.delete')}
            </button>
          </span>
        ),
    },
  ];
  return (
    <div className="content-help">
      <label className="field content-filter">
        <span className="field__label">{t('content.language')}</span>
        <select className="field__input" value={language} onChange={(e) => setLanguage(e.target.value)}>
          <option value="">{t('content.all_languages')}</option>
          {languages.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      {topics.error && <p className="form__error">{errorText(topics.error)}</p>}
      {list.length === 0 && !topics.isPending ? (
        <EmptyState message={t('content.none')} />
      ) : (
        <DataTable
          columns={columns}
          data={list}
          caption={t('content.tab_help')}
          rowKey={(x) => x.id}
          busy={topics.isPending}
          testId="content-help"
        />
      )}
      {mayEdit && (
        <form
          className="content-form content-form__grid"
          noValidate
          aria-label={t('content.help_form')}
          onSubmit={handleSubmit((v) => save.mutate(v, { onSuccess: () => reset(blank) }))}
        >
          <TextField label={t('content.language')} required {...register('language')} />
          <TextField
            label={t('content.term')}
            required
            hint={t('content.term_hint')}
            error={errors.term ? t('content.term_hint') : undefined}
            {...register('term')}
          />
          <TextField
            label={t('content.title')}
            required
            error={errors.title ? t('content.required') : undefined}
            {...register('title')}
          />
          <TextField
            label={t('content.order')}
            type="number"
            {...register('sort', { valueAsNumber: true })}
          />
          <label className="field content-form__wide">
            <span className="field__label">{t('content.body')}</span>
            <textarea className="field__input" rows={5} {...register('content')} />
            {errors.content && <span className="field__error">{t('content.required')}</span>}
          </label>
          <TextField
            label={t('content.reason')}
            required
            error={errors.reason ? t('content.reason_required') : undefined}
            {...register('reason')}
          />
          <div className="content-form__actions">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {t('content.save_topic')}
            </button>
          </div>
          {save.error && (
            <p className="form__error" role="alert">
              {errorText(save.error)}
            </p>
          )}
        </form>
      )}
      {deleting && (
        <ReasonDialog
          title={t('content.delete_topic_title', { title: deleting.title })}
          summary={
            <p>{t('content.delete_topic_text', { language: deleting.language, term: deleting.term })}</p>
          }
          confirmLabel={t('content.delete')}
          danger
          pending={remove.isPending}
          error={remove.error}
          onSubmit={(reason) =>
            remove.mutate({ id: deleting.id, reason }, { onSuccess: () => setDeleting(null) })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
