import { type Raffle, raffleSchema, rebateProductTypes } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, type FieldError, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import type { OpsFormat } from '../lib/format';

/** The interface's languages: a title and summary may be written in each (others are kept). */
const TEXT_LANGUAGES = ['EN', 'ZH'];
const MAX_TIERS = 20;
const HOUR = 3_600_000;

/** The form: one raffle, judged by the contract's own schema, and the write's reason (3–200). */
const formSchema = z.object({
  raffle: raffleSchema,
  reason: z.string().trim().min(3).max(200),
});
export type RaffleFormValues = z.infer<typeof formSchema>;

/** A new raffle's starting terms: opening on the next hour, a week long, drawn an hour after. */
function blank(now: number): Raffle {
  const start = Math.ceil((now + HOUR) / HOUR) * HOUR;
  return {
    id: '',
    title: {},
    summary: {},
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 7 * 24 * HOUR).toISOString(),
    drawAt: new Date(start + 7 * 24 * HOUR + HOUR).toISOString(),
    turnoverPerTicket: 100,
    productTypes: [],
    ticketsPerDeposit: 0,
    minDeposit: 0,
    maxTickets: 100,
    prizes: [{ count: 1, amount: 100 }],
    distinctWinners: true,
    claimDays: 7,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a `datetime-local` value in the device's time zone. */
function localValue(iso: string) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A time typed in the device's zone, kept in the form as the wire's ISO instant ('' unreadable). */
function DateTimeInput({
  id,
  value,
  invalid,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  invalid: boolean;
  onChange(v: string): void;
  onBlur(): void;
}) {
  const [text, setText] = useState(() => localValue(value));
  return (
    <input
      id={id}
      type="datetime-local"
      className="field__input"
      value={text}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        setText(e.target.value);
        const d = new Date(e.target.value);
        onChange(e.target.value && !Number.isNaN(d.getTime()) ? d.toISOString() : '');
      }}
      onBlur={onBlur}
    />
  );
}

/** A text per language; an emptied language is dropped (the member sees the brand's default). */
function LocalizedInputs({
  id,
  label,
  value,
  invalid,
  multiline,
  testId,
  onChange,
}: {
  id: string;
  label: (language: string) => string;
  value: Record<string, string>;
  invalid: boolean;
  multiline?: boolean;
  testId: string;
  onChange(v: Record<string, string>): void;
}) {
  const languages = [...TEXT_LANGUAGES, ...Object.keys(value).filter((l) => !TEXT_LANGUAGES.includes(l))];
  const set = (language: string, text: string) => {
    const next = { ...value };
    if (text.trim() === '') delete next[language];
    else next[language] = text;
    onChange(next);
  };
  return (
    <>
      {languages.map((language) => (
        <div key={language} className={`field${invalid ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-${language}`} className="field__label">
            {label(language)}
          </label>
          {multiline ? (
            <textarea
              id={`${id}-${language}`}
              className="field__input ops-textarea"
              rows={2}
              maxLength={2000}
              data-testid={`${testId}-${language}`}
              value={value[language] ?? ''}
              onChange={(e) => set(language, e.target.value)}
            />
          ) : (
            <input
              id={`${id}-${language}`}
              className="field__input"
              maxLength={120}
              data-testid={`${testId}-${language}`}
              aria-invalid={invalid || undefined}
              value={value[language] ?? ''}
              onChange={(e) => set(language, e.target.value)}
            />
          )}
        </div>
      ))}
    </>
  );
}

function Problem({ error, text }: { error: FieldError | undefined; text: string }) {
  return error ? (
    <p className="field__error" role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * One raffle's terms, judged by the contract's `raffleSchema` before anything is sent: the id (new
 * raffles only), texts per language, the window and the draw, how tickets are earned (valid bets
 * per ticket, products, tickets per qualifying deposit, the cap), the prize tiers, claim days, and
 * the reason the audit keeps. Once the window has opened (`textsOnly`) the terms are shown, not
 * edited: the server changes only the texts of a started raffle.
 */
export function RaffleForm({
  base,
  takenIds,
  textsOnly,
  fmt,
  pending,
  error,
  onSave,
  onCancel,
}: {
  base: Raffle | null;
  takenIds: string[];
  textsOnly: boolean;
  fmt: OpsFormat;
  pending: boolean;
  error: string | null;
  onSave(raffle: Raffle, reason: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('operator');
  const id = useId();
  const isNew = base === null;
  const [startValues] = useState<RaffleFormValues>(() => ({ raffle: base ?? blank(Date.now()), reason: '' }));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: startValues });
  const prizes = useFieldArray({ control, name: 'raffle.prizes' });
  const e = errors.raffle;
  const title = isNew ? t('raffles.new_title') : t('raffles.edit_title', { id: base.id });

  const numberField = (
    name: 'turnoverPerTicket' | 'ticketsPerDeposit' | 'minDeposit' | 'maxTickets' | 'claimDays',
    decimal: boolean,
  ) => (
    <div className={`field${e?.[name] ? ' field--invalid' : ''}`}>
      <label htmlFor={`${id}-${name}`} className="field__label">
        {t(`raffles.field.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        className="field__input"
        type="number"
        min={0}
        step={decimal ? 'any' : 1}
        inputMode={decimal ? 'decimal' : 'numeric'}
        aria-invalid={e?.[name] ? true : undefined}
        {...register(`raffle.${name}`, { valueAsNumber: true })}
      />
      <Problem
        error={e?.[name]}
        text={
          name === 'turnoverPerTicket' && e?.[name]?.type === 'custom'
            ? t('raffles.err_earn')
            : t('raffles.err_number')
        }
      />
    </div>
  );
  const timeField = (name: 'startsAt' | 'endsAt' | 'drawAt') => (
    <div className={`field${e?.[name] ? ' field--invalid' : ''}`}>
      <label htmlFor={`${id}-${name}`} className="field__label">
        {t(`raffles.field.${name}`)}
      </label>
      <Controller
        control={control}
        name={`raffle.${name}`}
        render={({ field }) => (
          <DateTimeInput
            id={`${id}-${name}`}
            value={field.value}
            invalid={!!e?.[name]}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <Problem
        error={e?.[name]}
        text={
          e?.[name]?.type === 'custom'
            ? t(name === 'drawAt' ? 'raffles.err_draw' : 'raffles.err_window')
            : t('raffles.err_time')
        }
      />
    </div>
  );

  return (
    <form
      className="form ops-raffles__form"
      aria-label={title}
      noValidate
      onSubmit={handleSubmit((v) => {
        if (isNew && takenIds.includes(v.raffle.id)) {
          setError('raffle.id', { type: 'taken' });
          return;
        }
        onSave(v.raffle, v.reason);
      })}
    >
      <h3>{title}</h3>
      {textsOnly && <p className="muted">{t('raffles.texts_only')}</p>}
      {isNew ? (
        <div className={`field${e?.id ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-id`} className="field__label">
            {t('raffles.field.id')}
          </label>
          <input
            id={`${id}-id`}
            className="field__input"
            autoComplete="off"
            maxLength={32}
            aria-invalid={e?.id ? true : undefined}
            {...register('raffle.id')}
          />
          <p className="field__hint muted">{t('raffles.id_hint')}</p>
          <Problem
            error={e?.id}
            text={e?.id?.type === 'taken' ? t('raffles.err_id_taken') : t('raffles.err_id')}
          />
        </div>
      ) : null}
      <fieldset className="ops-raffles__group">
        <legend>{t('raffles.texts')}</legend>
        <Controller
          control={control}
          name="raffle.title"
          render={({ field }) => (
            <LocalizedInputs
              id={`${id}-title`}
              label={(language) => t('raffles.field.title', { language })}
              value={field.value}
              invalid={!!e?.title}
              testId="raffle-title"
              onChange={field.onChange}
            />
          )}
        />
        <Problem error={e?.title as FieldError | undefined} text={t('raffles.err_title')} />
        <Controller
          control={control}
          name="raffle.summary"
          render={({ field }) => (
            <LocalizedInputs
              id={`${id}-summary`}
              label={(language) => t('raffles.field.summary', { language })}
              value={field.value ?? {}}
              invalid={false}
              multiline
              testId="raffle-summary"
              onChange={field.onChange}
            />
          )}
        />
      </fieldset>
      {textsOnly && base ? (
        <dl className="ops-raffles__terms">
          <div>
            <dt>{t('raffles.col_window')}</dt>
            <dd>
              {fmt.time(base.startsAt)} – {fmt.time(base.endsAt)}
            </dd>
          </div>
          <div>
            <dt>{t('raffles.field.drawAt')}</dt>
            <dd>{fmt.time(base.drawAt)}</dd>
          </div>
          <div>
            <dt>{t('raffles.earning')}</dt>
            <dd>
              {t('raffles.earning_text', {
                turnover: fmt.money(base.turnoverPerTicket),
                deposit: fmt.money(base.minDeposit),
                tickets: base.ticketsPerDeposit,
                max: base.maxTickets,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('raffles.prizes')}</dt>
            <dd>{base.prizes.map((p) => `${p.count} × ${fmt.money(p.amount)}`).join(' · ')}</dd>
          </div>
        </dl>
      ) : (
        <>
          <fieldset className="ops-raffles__group">
            <legend>{t('raffles.window')}</legend>
            {timeField('startsAt')}
            {timeField('endsAt')}
            {timeField('drawAt')}
          </fieldset>
          <fieldset className="ops-raffles__group">
            <legend>{t('raffles.earning')}</legend>
            {numberField('turnoverPerTicket', true)}
            {numberField('ticketsPerDeposit', false)}
            {numberField('minDeposit', true)}
            {numberField('maxTickets', false)}
            <Controller
              control={control}
              name="raffle.productTypes"
              render={({ field: { value = [], onChange } }) => (
                <div className="field ops-raffles__products" role="group" aria-labelledby={`${id}-products`}>
                  <span id={`${id}-products`} className="field__label">
                    {t('raffles.field.productTypes')}
                  </span>
                  <div className="ops-raffles__checks">
                    {rebateProductTypes.map((type) => (
                      <label key={type} className="ops-raffles__check">
                        <input
                          type="checkbox"
                          checked={value.includes(type)}
                          onChange={(ev) =>
                            onChange(ev.target.checked ? [...value, type] : value.filter((x) => x !== type))
                          }
                        />
                        {type}
                      </label>
                    ))}
                  </div>
                  <p className="field__hint muted">{t('raffles.products_hint')}</p>
                </div>
              )}
            />
          </fieldset>
          <fieldset className="ops-raffles__group ops-raffles__group--prizes">
            <legend>{t('raffles.prizes')}</legend>
            {prizes.fields.map((row, i) => {
              const pe = e?.prizes?.[i];
              return (
                <div key={row.id} className="ops-raffles__tier" data-testid="raffle-prize-tier">
                  <span className="ops-raffles__rank">{t('raffles.rank', { n: i + 1 })}</span>
                  <div className={`field${pe?.count ? ' field--invalid' : ''}`}>
                    <label htmlFor={`${id}-p${i}-count`} className="field__label">
                      {t('raffles.field.count')}
                    </label>
                    <input
                      id={`${id}-p${i}-count`}
                      className="field__input"
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      aria-invalid={pe?.count ? true : undefined}
                      {...register(`raffle.prizes.${i}.count`, { valueAsNumber: true })}
                    />
                    <Problem error={pe?.count} text={t('raffles.err_number')} />
                  </div>
                  <div className={`field${pe?.amount ? ' field--invalid' : ''}`}>
                    <label htmlFor={`${id}-p${i}-amount`} className="field__label">
                      {t('raffles.field.amount')}
                    </label>
                    <input
                      id={`${id}-p${i}-amount`}
                      className="field__input"
                      type="number"
                      min={0}
                      step="any"
                      inputMode="decimal"
                      aria-invalid={pe?.amount ? true : undefined}
                      {...register(`raffle.prizes.${i}.amount`, { valueAsNumber: true })}
                    />
                    <Problem error={pe?.amount} text={t('raffles.err_number')} />
                  </div>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={prizes.fields.length <= 1}
                    onClick={() => prizes.remove(i)}
                  >
                    {t('raffles.remove_tier', { n: i + 1 })}
                  </button>
                </div>
              );
            })}
            {e?.prizes?.root || e?.prizes?.message ? (
              <p className="field__error" role="alert">
                {t('raffles.err_prizes')}
              </p>
            ) : null}
            <div>
              <button
                type="button"
                className="button button--small"
                disabled={prizes.fields.length >= MAX_TIERS}
                onClick={() => prizes.append({ count: 1, amount: 10 })}
              >
                {t('raffles.add_tier')}
              </button>
            </div>
            <label className="ops-raffles__check">
              <input type="checkbox" {...register('raffle.distinctWinners')} />
              {t('raffles.field.distinctWinners')}
            </label>
            {numberField('claimDays', false)}
          </fieldset>
        </>
      )}
      <div className={`field${errors.reason ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-reason`} className="field__label">
          {t('reason')}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <textarea
          id={`${id}-reason`}
          className="field__input ops-textarea"
          rows={2}
          maxLength={200}
          aria-required="true"
          aria-invalid={errors.reason ? true : undefined}
          {...register('reason')}
        />
        <Problem error={errors.reason} text={t('reason_required', { min: 3, max: 200 })} />
      </div>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="confirm__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('raffles.save')}
        </button>
      </div>
    </form>
  );
}
