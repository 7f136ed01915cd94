import {
  RG_RAISE_DELAY_HOURS,
  RG_REALITY_CHECK_MINUTES,
  RG_SESSION_LIMIT_MINUTES,
  type RgPeriod,
  responsibleRoutes,
  rgPeriods,
  rgPlayLimitKinds,
} from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useLocaleTag } from '../../../lib/locale-tag';
import { formatMoney, minorToMajorText, parseAmount, toMinorUnits } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import {
  type RgDepositLimitBody,
  type RgExcludeBody,
  type RgExclusion,
  type RgLimitItem,
  type RgStatusReply,
  useRgDepositLimit,
  useRgExclude,
  useRgPlayLimit,
  useRgRealityCheck,
  useRgSessionLimit,
  useRgStatus,
} from '../api/responsible';
import '../responsible.css';

/**
 * The break lengths offered, inside the contract's RG_COOLOFF_HOURS and RG_SELF_EXCLUSION_MONTHS:
 * cool-off in hours, self-exclusion in months (null: permanent).
 */
/** The limits a member sets: on deposits, on the net loss of play, on the total staked. */
const limitKinds = ['deposit', ...rgPlayLimitKinds] as const;
type LimitKind = (typeof limitKinds)[number];

const cooloffHours = [24, 72, 168, 1008] as const;
const exclusionMonths = [6, 12, 60, null] as const;
type CooloffHours = (typeof cooloffHours)[number];
type ExclusionMonths = (typeof exclusionMonths)[number];

/** What the limit form holds: the period and the amount as typed, in major units. */
interface LimitForm {
  period: RgPeriod;
  amount: string;
}

const limitBodySchema = responsibleRoutes.rgDepositLimit.body!;
const contractLimitResolver = zodResolver(limitBodySchema);

/**
 * The contract's body schema judges the form: the typed major-unit amount becomes the minor-unit
 * string the route takes (text that is not an amount of the brand's scale is passed on as typed,
 * and the schema refuses it), so the submit handler receives the body to send.
 */
function limitResolver(scale: number): Resolver<LimitForm, unknown, RgDepositLimitBody> {
  return (values, context, options) => {
    const parsed = parseAmount(values.amount, scale);
    const amount = parsed.ok ? (toMinorUnits(parsed.amount, scale)?.toString() ?? '') : values.amount.trim();
    return contractLimitResolver(
      { period: values.period, amount },
      context,
      options as unknown as Parameters<typeof contractLimitResolver>[2],
    ) as ReturnType<Resolver<LimitForm, unknown, RgDepositLimitBody>>;
  };
}

/** Money and times in the brand's currency and the interface locale. */
function useRgFormat() {
  const brand = useBrand();
  const locale = useLocaleTag();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      scale: brand.currencyScale,
      symbol: brand.currencySymbol,
      money: (minor: string) =>
        formatMoney(minorToMajorText(minor, brand.currencyScale) ?? '0', {
          scale: brand.currencyScale,
          currencySymbol: brand.currencySymbol,
          locale,
        }),
      when: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [brand.currencyScale, brand.currencySymbol, locale]);
}
type RgFormat = ReturnType<typeof useRgFormat>;

/** How much of the limit is used, as a whole percentage (0–100) for the bar. */
function usedPercent(used: string, amount: string): number {
  const limit = BigInt(amount);
  if (limit <= 0n) return 100;
  const share = (BigInt(used) * 100n) / limit;
  return Number(share > 100n ? 100n : share);
}

/**
 * Security centre card (docs/responsible-gaming.md): the member's deposit limits per day, week and
 * month with what is used and left in each rolling window and any raise waiting its 24 hours; a
 * form to set or remove one; and a cool-off or self-exclusion, each confirmed first because it
 * cannot be undone. While a break is in force it is shown with its end instead of the break form.
 * Trial accounts have no money to limit: nothing is shown to them.
 */
export function ResponsibleGamingCard() {
  const { t } = useTranslation('responsible');
  const isTrial = useSessionStore((s) => s.isTrial);
  const status = useRgStatus(!isTrial);
  const format = useRgFormat();
  const titleId = useId();
  if (isTrial) return null;
  const data = status.data;
  return (
    <section className="security-card rg-card" aria-labelledby={titleId}>
      <div className="security-card__head">
        <div>
          <h3 id={titleId} className="security-card__title">
            {t('title')}
          </h3>
          <p className="security-card__text">{t('about')}</p>
        </div>
      </div>
      {status.isError ? (
        <PanelError error={status.error} onRetry={() => void status.refetch()} />
      ) : !data ? (
        <PanelLoading />
      ) : (
        <div className="rg-card__body">
          <Limits status={data} locked={data.exclusion !== null} format={format} />
          <RealityCheckSetting minutes={data.realityCheckMinutes} />
          <SessionLimitSetting limit={data.sessionLimit} locked={data.exclusion !== null} format={format} />
          {data.exclusion ? <ActiveBreak exclusion={data.exclusion} format={format} /> : <TakeBreak />}
        </div>
      )}
    </section>
  );
}

/** The limits of one kind at a time (deposits, losses, wagers), chosen with a row of tabs. */
function Limits({ status, locked, format }: { status: RgStatusReply; locked: boolean; format: RgFormat }) {
  const { t } = useTranslation('responsible');
  const headingId = useId();
  const [kind, setKind] = useState<LimitKind>('deposit');
  const items: RgLimitItem[] =
    kind === 'deposit' ? status.depositLimits : status.playLimits.filter((l) => l.kind === kind);
  const byPeriod = new Map(items.map((l) => [l.period, l]));
  const shown = rgPeriods.flatMap((p) => {
    const item = byPeriod.get(p);
    return item ? [item] : [];
  });
  return (
    <section className="rg-section" aria-labelledby={headingId}>
      <h4 id={headingId} className="rg-section__title">
        {t('limits_title')}
      </h4>
      <div className="rg-kinds" role="radiogroup" aria-label={t('limits_kind')}>
        {limitKinds.map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={k === kind}
            className={`rg-kind${k === kind ? ' rg-kind--on' : ''}`}
            onClick={() => setKind(k)}
          >
            {t(`kind_${k}`)}
          </button>
        ))}
      </div>
      <p className="rg-note">{t(`kind_about_${kind}`)}</p>
      <ul className="rg-limits">
        {shown.map((item) => (
          <LimitRow key={`${kind}-${item.period}`} item={item} format={format} />
        ))}
      </ul>
      {locked ? (
        <p className="rg-note">{t('limits_locked')}</p>
      ) : (
        <LimitForm key={kind} kind={kind} limits={byPeriod} format={format} />
      )}
    </section>
  );
}

function LimitRow({ item, format }: { item: RgLimitItem; format: RgFormat }) {
  const { t } = useTranslation('responsible');
  const percent = item.amount === null ? 0 : usedPercent(item.used, item.amount);
  return (
    <li className="rg-limit" data-testid={`rg-limit-${item.period}`}>
      <div className="rg-limit__head">
        <span className="rg-limit__name">{t(`period_${item.period}`)}</span>
        <span className={`rg-limit__amount${item.amount === null ? ' rg-limit__amount--none' : ''}`}>
          {item.amount === null ? t('no_limit') : format.money(item.amount)}
        </span>
      </div>
      {item.amount !== null && (
        <div className={`rg-meter${percent >= 100 ? ' rg-meter--full' : ''}`} aria-hidden="true">
          <span className="rg-meter__fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      <dl className="rg-limit__figures">
        <div>
          <dt>{t(`used_${item.period}`)}</dt>
          <dd>{format.money(item.used)}</dd>
        </div>
        <div>
          <dt>{t('left')}</dt>
          <dd>{item.remaining === null ? t('no_limit') : format.money(item.remaining)}</dd>
        </div>
      </dl>
      {item.pending && (
        <p className="rg-limit__pending">
          {item.pending.amount === null
            ? t('pending_removal', { when: format.when(item.pending.from) })
            : t('pending_amount', {
                amount: format.money(item.pending.amount),
                when: format.when(item.pending.from),
              })}
        </p>
      )}
    </li>
  );
}

function LimitForm({
  kind,
  limits,
  format,
}: {
  kind: LimitKind;
  limits: Map<RgPeriod, RgLimitItem>;
  format: RgFormat;
}) {
  const { t } = useTranslation('responsible');
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const saveDeposit = useRgDepositLimit();
  const savePlay = useRgPlayLimit();
  const save = kind === 'deposit' ? saveDeposit : savePlay;
  const resolver = useMemo(() => limitResolver(format.scale), [format.scale]);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<LimitForm, unknown, RgDepositLimitBody>({
    resolver,
    defaultValues: { period: 'day', amount: '' },
  });
  const periodId = useId();
  const period = useWatch({ control, name: 'period' });
  const current = limits.get(period);
  const mayRemove = current?.amount != null && current.pending?.amount !== null;

  const done = {
    onSuccess: (reply: RgStatusReply, body: RgDepositLimitBody) => {
      const rows: RgLimitItem[] =
        kind === 'deposit' ? reply.depositLimits : reply.playLimits.filter((l) => l.kind === kind);
      const row = rows.find((l) => l.period === body.period);
      const name = t('limit_name', { period: t(`period_${body.period}`), kind: t(`kind_${kind}`) });
      const later = row?.pending && row.pending.amount === body.amount ? row.pending : null;
      if (body.amount === null)
        showToast(
          later
            ? t('removal_later', { period: name, when: format.when(later.from) })
            : t('removed_now', { period: name }),
        );
      else
        showToast(
          later
            ? t('limit_later', {
                period: name,
                amount: format.money(body.amount),
                when: format.when(later.from),
              })
            : t('limit_now', { period: name, amount: format.money(body.amount) }),
        );
      reset({ period: body.period, amount: '' });
    },
    onError: (err: unknown) => showToast(errorText(err), 'error'),
  };
  const send = (body: RgDepositLimitBody) => {
    if (kind === 'deposit') saveDeposit.mutate(body, { ...done, onSuccess: (r) => done.onSuccess(r, body) });
    else savePlay.mutate({ ...body, kind }, { ...done, onSuccess: (r) => done.onSuccess(r, body) });
  };

  return (
    <form
      className="form rg-limit-form"
      aria-label={t(`limit_form_${kind}`)}
      noValidate
      onSubmit={(e) => void handleSubmit(send)(e)}
    >
      <div className="rg-limit-form__fields">
        <div className="field">
          <label htmlFor={periodId} className="field__label">
            {t('period')}
          </label>
          <select id={periodId} className="field__input" {...register('period')}>
            {rgPeriods.map((p) => (
              <option key={p} value={p}>
                {t(`period_option_${p}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('amount', { symbol: format.symbol })}
          inputMode="decimal"
          autoComplete="off"
          className="field__input field__input--amount"
          error={errors.amount ? t('amount_invalid', { scale: format.scale }) : undefined}
          {...register('amount')}
        />
      </div>
      <p className="rg-note">{t('limits_rule', { hours: RG_RAISE_DELAY_HOURS })}</p>
      <div className="security-card__actions rg-actions">
        <button
          type="button"
          className="button"
          disabled={!mayRemove || save.isPending}
          onClick={() => send({ period, amount: null })}
        >
          {t('remove_limit')}
        </button>
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('set_limit')}
        </button>
      </div>
    </form>
  );
}

type BreakChoice =
  { kind: 'cooloff'; hours: CooloffHours } | { kind: 'self_exclusion'; months: ExclusionMonths };

const lengthKey = (choice: BreakChoice) =>
  choice.kind === 'cooloff'
    ? (`cooloff_${choice.hours}` as const)
    : (`exclusion_${choice.months ?? 'permanent'}` as const);

/** Cool-off and self-exclusion: a length each, and a confirmation that says it cannot be undone. */
function TakeBreak() {
  const { t } = useTranslation('responsible');
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const exclude = useRgExclude();
  const headingId = useId();
  const [hours, setHours] = useState<CooloffHours>(cooloffHours[0]);
  const [months, setMonths] = useState<ExclusionMonths>(exclusionMonths[0]);
  const [asking, setAsking] = useState<BreakChoice | null>(null);

  const confirm = () => {
    if (!asking) return;
    const body: RgExcludeBody =
      asking.kind === 'cooloff'
        ? { kind: 'cooloff', hours: asking.hours, confirm: true }
        : { kind: 'self_exclusion', months: asking.months, confirm: true };
    exclude.mutate(body, {
      onSuccess: () => {
        setAsking(null);
        showToast(t(body.kind === 'cooloff' ? 'cooloff_started' : 'exclusion_started'));
      },
      onError: (err) => {
        setAsking(null);
        showToast(errorText(err), 'error');
      },
    });
  };

  const length = asking ? t(lengthKey(asking)) : '';
  const permanent = asking?.kind === 'self_exclusion' && asking.months === null;
  return (
    <section className="rg-section" aria-labelledby={headingId}>
      <h4 id={headingId} className="rg-section__title">
        {t('break_title')}
      </h4>
      <p className="rg-note">{t('break_about')}</p>
      <div className="rg-breaks">
        <BreakOption<CooloffHours>
          title={t('cooloff_title')}
          about={t('cooloff_about')}
          choices={cooloffHours.map((h) => ({ value: h, label: t(`cooloff_${h}`) }))}
          value={hours}
          onChange={setHours}
          action={t('cooloff_start')}
          onAction={() => setAsking({ kind: 'cooloff', hours })}
        />
        <BreakOption<ExclusionMonths>
          title={t('exclusion_title')}
          about={t('exclusion_about')}
          choices={exclusionMonths.map((m) => ({ value: m, label: t(`exclusion_${m ?? 'permanent'}`) }))}
          value={months}
          onChange={setMonths}
          action={t('exclusion_start')}
          onAction={() => setAsking({ kind: 'self_exclusion', months })}
        />
      </div>
      <Modal
        open={asking !== null}
        onClose={() => !exclude.isPending && setAsking(null)}
        title={
          !asking
            ? ''
            : asking.kind === 'cooloff'
              ? t('confirm_cooloff_title', { length })
              : permanent
                ? t('confirm_permanent_title')
                : t('confirm_exclusion_title', { length })
        }
        role="alertdialog"
      >
        <p className="confirm__message rg-confirm__text">
          {asking?.kind === 'cooloff'
            ? t('confirm_cooloff_text', { length })
            : permanent
              ? t('confirm_permanent_text')
              : t('confirm_exclusion_text', { length })}
        </p>
        <p className="confirm__message rg-confirm__final">{t('confirm_final')}</p>
        <div className="confirm__actions">
          <button
            type="button"
            className="button"
            onClick={() => setAsking(null)}
            disabled={exclude.isPending}
          >
            {t('cancel')}
          </button>
          <button
            type="button"
            className="button rg-button--danger"
            onClick={confirm}
            disabled={exclude.isPending}
          >
            {t('confirm_go')}
          </button>
        </div>
      </Modal>
    </section>
  );
}

function BreakOption<V extends number | null>({
  title,
  about,
  choices,
  value,
  onChange,
  action,
  onAction,
}: {
  title: string;
  about: string;
  choices: { value: V; label: string }[];
  value: V;
  onChange(next: V): void;
  action: string;
  onAction(): void;
}) {
  const name = useId();
  return (
    <fieldset className="rg-break">
      <legend className="rg-break__title">{title}</legend>
      <p className="rg-note">{about}</p>
      <div className="rg-choices">
        {choices.map((c) => (
          <label key={String(c.value)} className="rg-choice">
            <input type="radio" name={name} checked={c.value === value} onChange={() => onChange(c.value)} />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      <div className="rg-actions">
        <button type="button" className="button rg-button--danger-outline" onClick={onAction}>
          {action}
        </button>
      </div>
    </fieldset>
  );
}

/** The break in force, with its end; it cannot be shortened, and withdrawals stay open. */
function ActiveBreak({ exclusion, format }: { exclusion: RgExclusion; format: RgFormat }) {
  const { t } = useTranslation('responsible');
  const headingId = useId();
  const until = exclusion.until;
  return (
    <section className="rg-section rg-active" aria-labelledby={headingId} data-testid="rg-active-break">
      <h4 id={headingId} className="rg-section__title">
        {t('break_title')}
      </h4>
      <p className="rg-active__state">
        {until === null
          ? t('active_permanent')
          : exclusion.kind === 'cooloff'
            ? t('active_cooloff', { until: format.when(until) })
            : t('active_exclusion', { until: format.when(until) })}
      </p>
      <p className="rg-note">{until === null ? t('active_permanent_note') : t('active_note')}</p>
      <p className="rg-note">{t('active_final')}</p>
    </section>
  );
}

/** How often the reality check reminds the member (or never); applies at once. */
function RealityCheckSetting({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation('responsible');
  const headingId = useId();
  const save = useRgRealityCheck();
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  return (
    <section className="rg-section" aria-labelledby={headingId}>
      <h4 id={headingId} className="rg-section__title">
        {t('reality_setting')}
      </h4>
      <p className="rg-note">{t('reality_setting_about')}</p>
      <MinutesForm
        label={t('reality_setting')}
        fieldLabel={t('reality_every')}
        noneLabel={t('reality_off')}
        options={RG_REALITY_CHECK_MINUTES}
        optionLabel={(m) => t('reality_minutes', { count: m })}
        saveLabel={t('reality_save')}
        initial={minutes}
        pending={save.isPending}
        onSave={(next) =>
          save.mutate(
            { minutes: next },
            {
              onSuccess: () => showToast(t('reality_saved'), 'success'),
              onError: (err) => showToast(errorText(err), 'error'),
            },
          )
        }
      />
    </section>
  );
}

/**
 * The session time limit: how long a login may last before it ends (and play with it). Shorter
 * applies at once, to this session too; longer or none after 24 hours.
 */
function SessionLimitSetting({
  limit,
  locked,
  format,
}: {
  limit: RgStatusReply['sessionLimit'];
  locked: boolean;
  format: RgFormat;
}) {
  const { t } = useTranslation('responsible');
  const headingId = useId();
  const save = useRgSessionLimit();
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  return (
    <section className="rg-section" aria-labelledby={headingId}>
      <h4 id={headingId} className="rg-section__title">
        {t('session_limit')}
      </h4>
      <p className="rg-note">{t('session_limit_about', { hours: RG_RAISE_DELAY_HOURS })}</p>
      {limit.endsAt && (
        <p className="rg-active__state" data-testid="rg-session-ends">
          {t('session_ends', { when: format.when(limit.endsAt) })}
        </p>
      )}
      {limit.pending && (
        <p className="rg-limit__pending">
          {limit.pending.minutes === null
            ? t('session_pending_removal', { when: format.when(limit.pending.from) })
            : t('session_pending', {
                length: t('session_minutes', { count: limit.pending.minutes }),
                when: format.when(limit.pending.from),
              })}
        </p>
      )}
      {!locked && (
        <MinutesForm
          label={t('session_limit')}
          fieldLabel={t('session_length')}
          noneLabel={t('no_limit')}
          options={RG_SESSION_LIMIT_MINUTES}
          optionLabel={(m) => t('session_minutes', { count: m })}
          saveLabel={t('session_save')}
          initial={limit.minutes}
          pending={save.isPending}
          onSave={(next) =>
            save.mutate(
              { minutes: next },
              {
                onSuccess: () => showToast(t('session_saved'), 'success'),
                onError: (err) => showToast(errorText(err), 'error'),
              },
            )
          }
        />
      )}
    </section>
  );
}

/** A choice of minutes from a list, or none, saved with one button (reality check, session limit). */
function MinutesForm({
  label,
  fieldLabel,
  noneLabel,
  options,
  optionLabel,
  saveLabel,
  initial,
  pending,
  onSave,
}: {
  label: string;
  fieldLabel: string;
  noneLabel: string;
  options: readonly number[];
  optionLabel(minutes: number): string;
  saveLabel: string;
  initial: number | null;
  pending: boolean;
  onSave(minutes: number | null): void;
}) {
  const selectId = useId();
  const [choice, setChoice] = useState(initial === null ? '' : String(initial));
  return (
    <form
      className="form rg-limit-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(choice === '' ? null : Number(choice));
      }}
    >
      <div className="rg-limit-form__fields">
        <div className="field">
          <label htmlFor={selectId} className="field__label">
            {fieldLabel}
          </label>
          <select
            id={selectId}
            className="field__input"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="">{noneLabel}</option>
            {options.map((m) => (
              <option key={m} value={String(m)}>
                {optionLabel(m)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="rg-actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {saveLabel}
        </button>
      </div>
    </form>
  );
}
