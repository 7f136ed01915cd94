import { type RiskSettings, riskSettingsUpdateBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { useOpsFormat } from '../lib/format';
import { useRiskSettings, useRiskSettingsUpdate } from './api';
import { ReasonField } from '../components/reason-dialog';

const fields = [
  'largeWin',
  'largeDeposit',
  'largeWithdrawal',
  'sharedIpAccounts',
  'noPlayWindowHours',
] as const;
const money = new Set<string>(['largeWin', 'largeDeposit', 'largeWithdrawal']);

/** The brand's thresholds; risk and admin change them with a reason (audited), support reads. */
export function RiskSettingsCard({ brand, mayEdit }: { brand: OpsBrand; mayEdit: boolean }) {
  const { t } = useTranslation('operator');
  const settings = useRiskSettings(brand.code);
  const [editing, setEditing] = useState(false);
  const fmt = useOpsFormat(brand);
  const errorText = useApiErrorText();

  return (
    <section className="ops-card" aria-labelledby="ops-risk-settings-title">
      <header className="ops-card__header">
        <h2 id="ops-risk-settings-title">{t('risk.settings_title')}</h2>
        {mayEdit && settings.data && !editing && (
          <button type="button" className="button button--small" onClick={() => setEditing(true)}>
            {t('risk.edit')}
          </button>
        )}
      </header>
      {settings.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : settings.error ? (
        <p className="form__error ops-card__state" role="alert">
          {errorText(settings.error)}
        </p>
      ) : editing ? (
        <SettingsForm brand={brand} value={settings.data} onDone={() => setEditing(false)} />
      ) : (
        <dl className="ops-risk__settings">
          {fields.map((f) => (
            <div key={f}>
              <dt>{t(`risk.setting_${f}`)}</dt>
              <dd>{money.has(f) ? fmt.money(settings.data[f]) : settings.data[f]}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function SettingsForm({ brand, value, onDone }: { brand: OpsBrand; value: RiskSettings; onDone(): void }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const update = useRiskSettingsUpdate(brand.code);
  const base = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(riskSettingsUpdateBodySchema),
    defaultValues: { ...value, reason: '' },
  });
  return (
    <form
      className="form ops-risk__form"
      noValidate
      onSubmit={handleSubmit((body) => update.mutate(body, { onSuccess: onDone }))}
    >
      {fields.map((f) => (
        <div key={f} className={`field${errors[f] ? ' field--invalid' : ''}`}>
          <label htmlFor={`${base}-${f}`} className="field__label">
            {t(`risk.setting_${f}`)}
          </label>
          <input
            id={`${base}-${f}`}
            className="field__input"
            type="number"
            inputMode={money.has(f) ? 'decimal' : 'numeric'}
            step={money.has(f) ? 'any' : 1}
            aria-invalid={errors[f] ? true : undefined}
            {...register(f, { valueAsNumber: true })}
          />
          {errors[f] && (
            <p className="field__error" role="alert">
              {t('risk.invalid_number')}
            </p>
          )}
        </div>
      ))}
      <ReasonField
        invalid={Boolean(errors.reason)}
        registration={register('reason')}
        className="ops-risk__reason"
        rows={2}
      />
      {update.error ? (
        <p className="form__error" role="alert">
          {errorText(update.error)}
        </p>
      ) : null}
      <div className="confirm__actions ops-risk__reason">
        <button type="button" className="button" onClick={onDone}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {t('risk.save')}
        </button>
      </div>
    </form>
  );
}
