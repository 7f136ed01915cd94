import { type RewardsSettings, rewardsFeatures, rewardsSettingsUpdateSchema } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import type { OpsBrand } from '../api/operator';
import { useOpsRewardsSettings, useSaveRewardsSettings } from '../api/rewards-review';
import { RafflesDesk } from '../raffles/raffles-desk';

type Feature = keyof RewardsSettings;

function Editor({
  brand,
  feature,
  value,
  mayEdit,
}: {
  brand: OpsBrand;
  feature: Feature;
  value: unknown;
  mayEdit: boolean;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const save = useSaveRewardsSettings(brand.code);
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const submit = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return setProblems([t('settings_not_json')]);
    }
    // The contract's schema for this feature checks it before anything is sent.
    const check = rewardsSettingsUpdateSchema.safeParse({ feature, value: parsed, reason });
    if (!check.success)
      return setProblems(check.error.issues.map((i) => `${i.path.join('.') || feature}: ${i.message}`));
    setProblems([]);
    save.mutate(check.data, { onSuccess: () => showToast(t('settings_saved'), 'success') });
  };
  return (
    <div className="ops-settings__editor">
      <label className="field">
        <span className="field__label">
          {t('settings_json', { feature: t(`settings_feature.${feature}`) })}
        </span>
        <textarea
          className="field__input ops-settings__json"
          spellCheck={false}
          rows={14}
          value={text}
          readOnly={!mayEdit}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {mayEdit && (
        <div className="ops-review__decide">
          <label className="field">
            <span className="field__label">{t('review_reason')}</span>
            <input
              className="field__input"
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <button type="button" className="button button--primary" disabled={save.isPending} onClick={submit}>
            {t('settings_save')}
          </button>
        </div>
      )}
      {problems.length > 0 && (
        <ul className="form__error" role="alert" data-testid="settings-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {save.error && (
        <p className="form__error" role="alert">
          {errorText(save.error)}
        </p>
      )}
    </div>
  );
}

/**
 * Rewards settings (docs/rewards.md): each feature of the brand — rebate, VIP, points, promotions,
 * referral, missions, red-envelope rain — as its JSON, checked by the contract's schema before it is
 * sent and again by the server, saved with a reason (admins), applied on every instance at once;
 * the raffles in a desk of their own (raffles/raffles-desk.tsx).
 */
export function RewardsSettingsDesk({ brand, mayEdit }: { brand: OpsBrand; mayEdit: boolean }) {
  const { t } = useTranslation('operator');
  const settings = useOpsRewardsSettings(brand.code);
  const [feature, setFeature] = useState<Feature>('rebate');
  return (
    <section className="ops-card ops-settings" aria-labelledby="ops-settings-title">
      <header className="ops-card__header">
        <h2 id="ops-settings-title">{t('settings_title')}</h2>
      </header>
      <div className="ops-settings__tabs" role="tablist" aria-label={t('settings_title')}>
        {rewardsFeatures.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={f === feature}
            className={`button button--small${f === feature ? ' button--primary' : ''}`}
            onClick={() => setFeature(f)}
          >
            {t(`settings_feature.${f}`)}
          </button>
        ))}
      </div>
      {feature === 'raffles' ? (
        <RafflesDesk brand={brand} mayEdit={mayEdit} />
      ) : (
        settings.data && (
          <Editor
            key={`${feature}:${JSON.stringify(settings.data[feature])}`}
            brand={brand}
            feature={feature}
            value={settings.data[feature]}
            mayEdit={mayEdit}
          />
        )
      )}
    </section>
  );
}
