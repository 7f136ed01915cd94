import {
  APPLICATION_COMMENT_MAX,
  APPLICATION_IMAGE_MAX_BYTES,
  APPLICATION_IMAGES_MAX,
  applicationBodySchema,
} from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import { fileToBase64, useSubmitApplication } from '../api/applications';

const fields = applicationBodySchema.pick({ comment: true });
const accepted = ['image/png', 'image/jpeg'];

/**
 * The activity application (spec §3, §5): a comment of at most 140 characters and up to 3 PNG or
 * JPEG images of 5 MB each. The browser checks type and size before sending; the server checks the
 * bytes again.
 */
export function ApplicationForm({
  promotionId,
  title,
  onClose,
}: {
  promotionId: string;
  title: string;
  onClose(): void;
}) {
  const { t } = useTranslation('rewards');
  const errorText = useApiErrorText();
  const submit = useSubmitApplication();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(fields), defaultValues: { comment: '' } });
  const comment = useWatch({ control, name: 'comment' }) ?? '';

  const pick = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    if (chosen.length > APPLICATION_IMAGES_MAX)
      return setFileError(t('apply_too_many', { max: APPLICATION_IMAGES_MAX }));
    if (chosen.some((f) => !accepted.includes(f.type))) return setFileError(t('apply_bad_type'));
    if (chosen.some((f) => f.size > APPLICATION_IMAGE_MAX_BYTES)) return setFileError(t('apply_too_large'));
    setFileError(null);
    setFiles(chosen);
  };

  return (
    <Modal open onClose={onClose} title={t('apply_title', { title })} size="medium">
      <form
        className="apply-form"
        noValidate
        aria-label={t('apply_title', { title })}
        onSubmit={handleSubmit(async (v) => {
          if (fileError) return;
          const images = await Promise.all(files.map(fileToBase64));
          submit.mutate(
            { promotionId, comment: v.comment, images },
            {
              onSuccess: () => {
                showToast(t('apply_sent'), 'success');
                onClose();
              },
            },
          );
        })}
      >
        <label className="field">
          <span className="field__label">{t('apply_comment')}</span>
          <textarea
            className="field__input apply-form__comment"
            rows={3}
            maxLength={APPLICATION_COMMENT_MAX}
            aria-invalid={!!errors.comment}
            {...register('comment')}
          />
          <span className="field__hint" aria-live="polite">
            {comment.length} / {APPLICATION_COMMENT_MAX}
          </span>
          {errors.comment && <span className="field__error">{t('apply_comment_too_long')}</span>}
        </label>
        <label className="field">
          <span className="field__label">{t('apply_images', { max: APPLICATION_IMAGES_MAX })}</span>
          <input
            className="field__input"
            type="file"
            accept="image/png,image/jpeg"
            multiple
            onChange={(e) => pick(e.target.files)}
          />
          <span className="field__hint">{t('apply_images_hint')}</span>
          {fileError && (
            <span className="field__error" role="alert">
              {fileError}
            </span>
          )}
        </label>
        {files.length > 0 && (
          <ul className="apply-form__files">
            {files.map((f) => (
              <li key={f.name}>
                {f.name} · {(f.size / 1024).toFixed(0)} KB
              </li>
            ))}
          </ul>
        )}
        {submit.error && (
          <p className="field__error" role="alert">
            {errorText(submit.error)}
          </p>
        )}
        <div className="confirm__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={submit.isPending}>
            {t('apply_submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
