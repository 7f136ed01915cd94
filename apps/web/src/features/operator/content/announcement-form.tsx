import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import {
  type OpsAnnouncement,
  type OpsAnnouncementBody,
  usePreview,
  useSaveAnnouncement,
  useUploadImage,
} from './api';
import { ContentPreviewPane } from './preview-pane';

/** Pages (home, login, register, forgot password, side menu) and category pages. */
export const bannerGroups = [
  'w_home',
  'w_login',
  'w_register',
  'w_forget',
  'w_leftmenu',
  'w_rng',
  'w_live',
  'w_fish',
  'w_sports',
  'w_lott',
  'w_pvp',
];

const formSchema = z
  .object({
    titleEN: z.string().trim().min(1).max(200),
    titleZH: z.string().trim().max(200),
    contentEN: z.string().max(20_000),
    contentZH: z.string().max(20_000),
    groupName: z.string(),
    execution: z.enum(['', 'A', 'B', 'F']),
    imageUrl: z.string().trim().max(500),
    linkUrl: z.string().trim().max(500),
    sortOrder: z.number().int().min(0).max(100_000),
    enabled: z.boolean(),
    startsAt: z.string(),
    endsAt: z.string(),
    reason: z.string().trim().min(1).max(500),
  })
  .refine((v) => !v.startsAt || !v.endsAt || v.endsAt > v.startsAt, { path: ['endsAt'], message: 'order' });
type FormValues = z.infer<typeof formSchema>;

/** `datetime-local` value (the operator's local time) ↔ ISO instant. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

function defaults(type: OpsAnnouncement['type'], row: OpsAnnouncement | null): FormValues {
  return {
    titleEN: row?.title.EN ?? '',
    titleZH: row?.title.ZH ?? '',
    contentEN: row?.content.EN ?? '',
    contentZH: row?.content.ZH ?? '',
    groupName: row?.groupName ?? (type === 'B' ? 'w_home' : ''),
    execution: row?.execution ?? (type === 'PU' ? 'A' : ''),
    imageUrl: row?.imageUrl ?? '',
    linkUrl: row?.linkUrl ?? '',
    sortOrder: row?.sortOrder ?? 0,
    enabled: row?.enabled ?? true,
    startsAt: toLocalInput(row?.startsAt ?? null),
    endsAt: toLocalInput(row?.endsAt ?? null),
    reason: '',
  };
}

const texts = (en: string, zh: string) => ({ EN: en, ...(zh.trim() ? { ZH: zh } : {}) });

function toBody(type: OpsAnnouncement['type'], v: FormValues): OpsAnnouncementBody {
  const hasContent = v.contentEN.trim() !== '';
  return {
    type,
    title: texts(v.titleEN, v.titleZH),
    ...(hasContent ? { content: texts(v.contentEN, v.contentZH) } : {}),
    groupName: type === 'B' ? v.groupName : null,
    execution: type === 'PU' && v.execution ? v.execution : null,
    imageUrl: v.imageUrl || null,
    linkageType: v.linkUrl ? 1 : 0,
    linkUrl: v.linkUrl || null,
    sortOrder: v.sortOrder,
    enabled: v.enabled,
    startsAt: fromLocalInput(v.startsAt),
    endsAt: fromLocalInput(v.endsAt),
    reason: v.reason,
  };
}

/**
 * One banner, notice, popup or promotion: its texts in English and Chinese, schedule, order, link
 * and image (uploaded here), a preview as the player will see it, and the reason for the audit log.
 */
export function AnnouncementForm({
  code,
  type,
  row,
  mayEdit,
  onDone,
}: {
  code: string;
  type: OpsAnnouncement['type'];
  row: OpsAnnouncement | null;
  mayEdit: boolean;
  onDone(): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const save = useSaveAnnouncement(code);
  const preview = usePreview(code);
  const upload = useUploadImage(code);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaults(type, row) });
  const imageUrl = useWatch({ control, name: 'imageUrl' });
  const needsImage = type === 'B' || type === 'PR';

  const showPreview = () => {
    const v = getValues();
    preview.mutate({
      type,
      title: texts(v.titleEN || '—', v.titleZH),
      content: texts(v.contentEN, v.contentZH),
      execution: type === 'PU' && v.execution ? v.execution : null,
      imageUrl: v.imageUrl || null,
      linkUrl: v.linkUrl || null,
    });
  };

  return (
    <div className="content-editor">
      <form
        className="content-form"
        noValidate
        aria-label={row ? t('content.edit_title') : t('content.new_title')}
        onSubmit={handleSubmit((v) =>
          save.mutate({ id: row?.id ?? null, body: toBody(type, v) }, { onSuccess: onDone }),
        )}
      >
        <fieldset disabled={!mayEdit || save.isPending} className="content-form__grid">
          <TextField
            label={t('content.title_en')}
            required
            error={errors.titleEN ? t('content.required') : undefined}
            {...register('titleEN')}
          />
          <TextField label={t('content.title_zh')} {...register('titleZH')} />
          {type !== 'B' && (
            <>
              <label className="field content-form__wide">
                <span className="field__label">{t('content.body_en')}</span>
                <textarea className="field__input" rows={4} {...register('contentEN')} />
              </label>
              <label className="field content-form__wide">
                <span className="field__label">{t('content.body_zh')}</span>
                <textarea className="field__input" rows={3} {...register('contentZH')} />
              </label>
            </>
          )}
          {type === 'B' && (
            <label className="field">
              <span className="field__label">{t('content.group')}</span>
              <select className="field__input" {...register('groupName')}>
                {bannerGroups.map((g) => (
                  <option key={g} value={g}>
                    {g}
                  </option>
                ))}
              </select>
            </label>
          )}
          {type === 'PU' && (
            <label className="field">
              <span className="field__label">{t('content.execution')}</span>
              <select className="field__input" {...register('execution')}>
                {(['A', 'B', 'F'] as const).map((x) => (
                  <option key={x} value={x}>
                    {t(`content.execution_${x}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {needsImage && (
            <div className="field content-form__wide">
              <TextField
                label={t('content.image')}
                hint={t('content.image_hint')}
                required={type === 'B'}
                {...register('imageUrl')}
              />
              <label className="button button--ghost content-form__upload">
                {upload.isPending ? t('content.uploading') : t('content.upload')}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  className="visually-hidden"
                  data-testid="content-upload"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file)
                      upload.mutate(
                        { file, purpose: type === 'B' ? 'banner' : 'popup' },
                        { onSuccess: (r) => setValue('imageUrl', r.url, { shouldDirty: true }) },
                      );
                    e.target.value = '';
                  }}
                />
              </label>
              {upload.error && (
                <p className="field__error" role="alert">
                  {errorText(upload.error)}
                </p>
              )}
              {imageUrl && <img className="content-form__thumb" src={imageUrl} alt="" />}
            </div>
          )}
          <TextField label={t('content.link')} hint={t('content.link_hint')} {...register('linkUrl')} />
          <TextField
            label={t('content.order')}
            type="number"
            min={0}
            error={errors.sortOrder ? t('content.invalid') : undefined}
            {...register('sortOrder', { valueAsNumber: true })}
          />
          <TextField label={t('content.starts')} type="datetime-local" {...register('startsAt')} />
          <TextField
            label={t('content.ends')}
            type="datetime-local"
            error={errors.endsAt ? t('content.ends_before') : undefined}
            {...register('endsAt')}
          />
          <label className="content-form__check">
            <input type="checkbox" {...register('enabled')} /> {t('content.enabled')}
          </label>
          <TextField
            label={t('content.reason')}
            required
            error={errors.reason ? t('content.reason_required') : undefined}
            {...register('reason')}
          />
        </fieldset>
        <div className="content-form__actions">
          <button type="button" className="button button--ghost" onClick={showPreview}>
            {t('content.preview')}
          </button>
          {mayEdit && (
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {t('content.publish')}
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={onDone}>
            {t('content.cancel')}
          </button>
        </div>
        {save.error && (
          <p className="form__error" role="alert">
            {errorText(save.error)}
          </p>
        )}
      </form>
      <ContentPreviewPane
        type={type}
        preview={preview.data ?? null}
        pending={preview.isPending}
        error={preview.error ? errorText(preview.error) : null}
        imageUrl={imageUrl || null}
        execution={getValues('execution') || null}
      />
    </div>
  );
}
