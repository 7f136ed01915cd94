import { classifyKeys, gameTypes } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useUploadImage } from '../content/api';
import { type OpsGame, useUpdateGame } from './api';

const formSchema = z.object({
  nameEN: z.string().trim().min(1).max(80),
  nameZH: z.string().trim().max(80),
  gameType: z.enum(gameTypes),
  gameClassify: z.array(z.enum(classifyKeys)),
  hotRank: z.string().regex(/^(|[1-9]\d{0,2}|1000)$/),
  sortOrder: z.number().int().min(0).max(100_000),
  enabled: z.boolean(),
  iconUrl: z.string(),
  reason: z.string().trim().min(1).max(500),
});
type FormValues = z.infer<typeof formSchema>;

/** One game: names per language, category and sub-categories, hot rank, order, artwork, on or off. */
export function GameForm({ code, game, onDone }: { code: string; game: OpsGame; onDone(): void }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const save = useUpdateGame(code);
  const upload = useUploadImage(code);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      nameEN: game.names.EN ?? '',
      nameZH: game.names.ZH ?? '',
      gameType: game.gameType,
      gameClassify: game.gameClassify,
      hotRank: game.hotRank === null ? '' : String(game.hotRank),
      sortOrder: game.sortOrder,
      enabled: game.enabled,
      iconUrl: game.iconUrl ?? '',
      reason: '',
    },
  });
  const iconUrl = useWatch({ control, name: 'iconUrl' });
  return (
    <form
      className="content-form catalogue-game-form"
      noValidate
      aria-label={t('catalogue.edit_game', { name: game.names.EN ?? game.gameCode })}
      onSubmit={handleSubmit((v) =>
        save.mutate(
          {
            nodeId: game.nodeId,
            body: {
              names: { ...game.names, EN: v.nameEN, ...(v.nameZH ? { ZH: v.nameZH } : {}) },
              gameType: v.gameType,
              gameClassify: v.gameClassify,
              hotRank: v.hotRank ? Number(v.hotRank) : null,
              sortOrder: v.sortOrder,
              enabled: v.enabled,
              iconUrl: v.iconUrl || null,
              reason: v.reason,
            },
          },
          { onSuccess: onDone },
        ),
      )}
    >
      <h3>
        {game.names.EN} <code>{game.gameCode}</code>
      </h3>
      <div className="content-form__grid">
        <TextField
          label={t('catalogue.name_en')}
          required
          error={errors.nameEN ? t('catalogue.required') : undefined}
          {...register('nameEN')}
        />
        <TextField label={t('catalogue.name_zh')} {...register('nameZH')} />
        <label className="field">
          <span className="field__label">{t('catalogue.category')}</span>
          <select className="field__input" {...register('gameType')}>
            {gameTypes.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="field catalogue-classify">
          <legend className="field__label">{t('catalogue.subcategories')}</legend>
          {classifyKeys.map((k) => (
            <label key={k} className="content-form__check">
              <input type="checkbox" value={k} {...register('gameClassify')} /> {t(`catalogue.classify_${k}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('catalogue.hot_rank')}
          hint={t('catalogue.hot_rank_hint')}
          inputMode="numeric"
          error={errors.hotRank ? t('catalogue.hot_rank_hint') : undefined}
          {...register('hotRank')}
        />
        <TextField
          label={t('catalogue.order')}
          type="number"
          min={0}
          {...register('sortOrder', { valueAsNumber: true })}
        />
        <div className="field">
          <span className="field__label">{t('catalogue.artwork')}</span>
          <div className="catalogue-art">
            {iconUrl ? (
              <img src={iconUrl} alt="" />
            ) : (
              <span className="muted">{t('catalogue.generated_art')}</span>
            )}
            <label className="button button--ghost button--small">
              {upload.isPending ? t('catalogue.uploading') : t('catalogue.upload')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="visually-hidden"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file)
                    upload.mutate(
                      { file, purpose: 'game' },
                      { onSuccess: (r) => setValue('iconUrl', r.url, { shouldDirty: true }) },
                    );
                  e.target.value = '';
                }}
              />
            </label>
            {iconUrl && (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setValue('iconUrl', '')}
              >
                {t('catalogue.reset_art')}
              </button>
            )}
          </div>
          {upload.error && (
            <p className="field__error" role="alert">
              {errorText(upload.error)}
            </p>
          )}
        </div>
        <label className="content-form__check">
          <input type="checkbox" {...register('enabled')} /> {t('catalogue.enabled')}
        </label>
        <TextField
          label={t('catalogue.reason')}
          required
          error={errors.reason ? t('catalogue.reason_required') : undefined}
          {...register('reason')}
        />
      </div>
      <div className="content-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('catalogue.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('catalogue.cancel')}
        </button>
      </div>
      {save.error && (
        <p className="form__error" role="alert">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
}
