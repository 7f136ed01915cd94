import { type Contract, type ContractKindName, contractOfferBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { type TopContractBody, useTopContractSet } from './api';

/** The operator's terms: the offer's body without the member (it is in the address). */
const termsSchema = contractOfferBodySchema.omit({ memberId: true });
const MAX_TIERS = 20;

/** Rounds a fraction to the wire's six decimals (1.5 % → 0.015). */
const fraction = (percent: number) => Math.round(percent * 10_000) / 1_000_000;
const percentText = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '' : String(Math.round(value * 100_000_000) / 1_000_000);

/**
 * A rate typed as a percentage (or as an amount for a fixed-amount tier) and kept in the form as
 * the wire's value: the fraction, or the amount. An empty or unreadable entry is NaN, which the
 * contract's schema refuses.
 */
function RateInput({
  id,
  value,
  percent,
  invalid,
  onChange,
  onBlur,
}: {
  id: string;
  value: number | undefined;
  percent: boolean;
  invalid: boolean;
  onChange(v: number): void;
  onBlur(): void;
}) {
  const [text, setText] = useState(() =>
    percent ? percentText(value) : value === undefined ? '' : String(value),
  );
  const read = (s: string, asPercent: boolean) => {
    const n = s.trim() === '' ? Number.NaN : Number(s);
    return asPercent && Number.isFinite(n) ? fraction(n) : n;
  };
  // Switching a tier between percentage and amount keeps the figure typed and changes its meaning.
  const was = useRef(percent);
  useEffect(() => {
    if (was.current === percent) return;
    was.current = percent;
    onChange(read(text, percent));
  }, [percent, text, onChange]);
  return (
    <input
      id={id}
      className="field__input"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(read(e.target.value, percent));
      }}
      onBlur={onBlur}
    />
  );
}

function blankTier(kind: ContractKindName) {
  return {
    minimumBet: 0,
    netLoss: 0,
    activeMember: 0,
    rateType: 'P' as const,
    rate: kind === 'dividend' ? 0.1 : 0.001,
  };
}

/** The form's starting terms: the version given (in force or pending), else one blank tier. */
function startFrom(kind: ContractKindName, base: Contract | null): TopContractBody {
  if (kind === 'realtime')
    return { rates: base?.rates ?? { rt_win_rate: 0, rt_loss_rate: 0, rt_bet_amount: 0 } };
  const details = base?.details.length
    ? base.details.map((d) => ({
        minimumBet: d.minimumBet,
        netLoss: d.netLoss,
        activeMember: d.activeMember,
        rateType: d.rateType,
        rate: d.rate,
      }))
    : [blankTier(kind)];
  return kind === 'dividend' ? { period: base?.period ?? 'M', details } : { details };
}

/** The tier table (dividend, daily, hourly): one row per tier, added and removed, 1 to 20. */
function TierEditor({ kind }: { kind: ContractKindName }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = useFormContext<TopContractBody>();
  const tiers = useFieldArray({ control, name: 'details' });
  const tierErrors = errors.details;
  const dividend = kind === 'dividend';
  return (
    <>
      {tiers.fields.map((row, i) => {
        const e = tierErrors?.[i];
        const percent = dividend || watch(`details.${i}.rateType`) !== 'F';
        return (
          <fieldset key={row.id} className="ops-contracts__tier" data-testid="ops-contract-tier">
            <legend>{t('agentContracts.tier_n', { n: i + 1 })}</legend>
            <div className={`field${e?.minimumBet ? ' field--invalid' : ''}`}>
              <label htmlFor={`${id}-${i}-bet`} className="field__label">
                {t(`agentContracts.bet.${kind}`)}
              </label>
              <input
                id={`${id}-${i}-bet`}
                className="field__input"
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={e?.minimumBet ? true : undefined}
                {...register(`details.${i}.minimumBet`, { valueAsNumber: true })}
              />
              {e?.minimumBet && (
                <p className="field__error" role="alert">
                  {t('agentContracts.err_amount')}
                </p>
              )}
            </div>
            {dividend && (
              <div className={`field${e?.netLoss ? ' field--invalid' : ''}`}>
                <label htmlFor={`${id}-${i}-loss`} className="field__label">
                  {t('agentContracts.net_loss')}
                </label>
                <input
                  id={`${id}-${i}-loss`}
                  className="field__input"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-invalid={e?.netLoss ? true : undefined}
                  {...register(`details.${i}.netLoss`, { valueAsNumber: true })}
                />
                {e?.netLoss && (
                  <p className="field__error" role="alert">
                    {t('agentContracts.err_amount')}
                  </p>
                )}
              </div>
            )}
            <div className={`field${e?.activeMember ? ' field--invalid' : ''}`}>
              <label htmlFor={`${id}-${i}-active`} className="field__label">
                {t('agentContracts.active_members')}
              </label>
              <input
                id={`${id}-${i}-active`}
                className="field__input"
                inputMode="numeric"
                autoComplete="off"
                aria-invalid={e?.activeMember ? true : undefined}
                {...register(`details.${i}.activeMember`, { valueAsNumber: true })}
              />
              {e?.activeMember && (
                <p className="field__error" role="alert">
                  {t('agentContracts.err_count')}
                </p>
              )}
            </div>
            {!dividend && (
              <div className="field">
                <label htmlFor={`${id}-${i}-type`} className="field__label">
                  {t('agentContracts.rate_type')}
                </label>
                <select
                  id={`${id}-${i}-type`}
                  className="field__input"
                  {...register(`details.${i}.rateType`)}
                >
                  {(['P', 'F'] as const).map((type) => (
                    <option key={type} value={type}>
                      {t(`agentContracts.rate_types.${type}`)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className={`field${e?.rate ? ' field--invalid' : ''}`}>
              <label htmlFor={`${id}-${i}-rate`} className="field__label">
                {t(percent ? 'agentContracts.rate_percent' : 'agentContracts.rate_amount')}
              </label>
              <Controller
                control={control}
                name={`details.${i}.rate`}
                render={({ field }) => (
                  <RateInput
                    id={`${id}-${i}-rate`}
                    value={field.value}
                    percent={percent}
                    invalid={!!e?.rate}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
              {e?.rate && (
                <p className="field__error" role="alert">
                  {t('agentContracts.err_rate')}
                </p>
              )}
            </div>
            <button
              type="button"
              className="button button--small ops-contracts__remove"
              disabled={tiers.fields.length <= 1}
              onClick={() => tiers.remove(i)}
            >
              {t('agentContracts.remove_tier', { n: i + 1 })}
            </button>
          </fieldset>
        );
      })}
      {tierErrors?.root || tierErrors?.message ? (
        <p className="field__error" role="alert">
          {t('agentContracts.err_tiers')}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="button button--small"
          disabled={tiers.fields.length >= MAX_TIERS}
          onClick={() => tiers.append(blankTier(kind))}
        >
          {t('agentContracts.add_tier')}
        </button>
      </div>
    </>
  );
}

/**
 * New terms for a top agent's contract of one kind, judged by the contract's own schema: the tier
 * table (dividend, daily, hourly; the period for dividends) or the three real-time rates. Saved
 * terms are a new version in force at once; the server's refusal is shown in words.
 */
export function ContractsForm({
  brand,
  kind,
  memberId,
  base,
  onSaved,
  onCancel,
}: {
  brand: OpsBrand;
  kind: ContractKindName;
  memberId: string;
  base: Contract | null;
  onSaved(contract: Contract): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const set = useTopContractSet(brand.code, kind, memberId);
  const id = useId();
  const form = useForm({
    resolver: zodResolver(termsSchema),
    defaultValues: startFrom(kind, base),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const rateErrors = errors.rates;
  const title = t('agentContracts.form_title', { kind: t(`agentContracts.kind.${kind}`) });

  return (
    <FormProvider {...form}>
      <form
        className="form ops-contracts__form"
        aria-label={title}
        noValidate
        onSubmit={handleSubmit((body) => set.mutate(body, { onSuccess: onSaved }))}
      >
        <h4>{title}</h4>
        <p className="muted">{t('agentContracts.form_lead')}</p>
        {kind === 'dividend' && (
          <div className={`field ops-contracts__period${errors.period ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-period`} className="field__label">
              {t('agentContracts.period_label')}
            </label>
            <select id={`${id}-period`} className="field__input" {...register('period')}>
              {(['D', 'W', 'H', 'M'] as const).map((p) => (
                <option key={p} value={p}>
                  {t(`agentContracts.period.${p}`)}
                </option>
              ))}
            </select>
            {errors.period && (
              <p className="field__error" role="alert">
                {t('agentContracts.err_period')}
              </p>
            )}
          </div>
        )}
        {kind === 'realtime' ? (
          <fieldset className="ops-contracts__tier">
            <legend>{t('agentContracts.rates')}</legend>
            {(['rt_win_rate', 'rt_loss_rate', 'rt_bet_amount'] as const).map((name) => (
              <div key={name} className={`field${rateErrors?.[name] ? ' field--invalid' : ''}`}>
                <label htmlFor={`${id}-${name}`} className="field__label">
                  {t(`agentContracts.rt.${name}`)}
                </label>
                <Controller
                  control={control}
                  name={`rates.${name}`}
                  render={({ field }) => (
                    <RateInput
                      id={`${id}-${name}`}
                      value={field.value}
                      percent
                      invalid={!!rateErrors?.[name]}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  )}
                />
                {rateErrors?.[name] && (
                  <p className="field__error" role="alert">
                    {t('agentContracts.err_rate_percent')}
                  </p>
                )}
              </div>
            ))}
          </fieldset>
        ) : (
          <TierEditor kind={kind} />
        )}
        {set.error != null && (
          <p className="form__error" role="alert">
            {errorText(set.error)}
          </p>
        )}
        <div className="ops-contracts__actions">
          <button type="button" className="button" onClick={onCancel}>
            {t('agentContracts.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={set.isPending}>
            {t('agentContracts.save')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
