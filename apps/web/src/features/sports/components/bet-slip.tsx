import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { formatMoney, minorToMajorText, parseAmount, toMinorUnits } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import { sportsKeys, usePlaceSportsBet } from '../api/sports';
import { type OddsFormat, showOdds } from '../lib/odds';
import { useSlipStore } from '../lib/slip-store';

interface Fields {
  stake: string;
  acceptBetter: boolean;
}

/** Σ: the stake times every leg's price, floored to the minor unit (what a full win returns). */
function fullReturn(stakeMinor: bigint, odds: string[]): bigint {
  let num = stakeMinor;
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(o);
    den *= 1000n;
  }
  return num / den;
}

/**
 * The bet slip: a single with one selection, a parlay with 2–10 from different events; the stake
 * in the brand's currency; the price each selection shows is the one sent, and a moved price comes
 * back as the new one for the member to confirm (or is taken when better, if allowed).
 */
export function BetSlip({ format }: { format: OddsFormat }) {
  const { t, i18n } = useTranslation('sports');
  const client = useQueryClient();
  const brand = useBrand();
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const { legs, remove, reprice, clear } = useSlipStore();
  const place = usePlaceSportsBet();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<Fields>({ defaultValues: { stake: '', acceptBetter: true }, mode: 'onTouched' });
  const money = (minor: bigint | string) =>
    formatMoney(minorToMajorText(String(minor), brand.currencyScale) ?? '0', {
      scale: brand.currencyScale,
      currencySymbol: brand.currencySymbol,
      locale: i18n.language,
    });
  const stakeMinor = toMinorUnits(useWatch({ control, name: 'stake' }) || '0', brand.currencyScale) ?? 0n;
  const potential =
    legs.length > 0 && stakeMinor > 0n
      ? fullReturn(
          stakeMinor,
          legs.map((l) => l.odds),
        )
      : null;

  const submit = handleSubmit(({ stake, acceptBetter }) => {
    if (!token) return openModal('login');
    const minor = toMinorUnits(stake, brand.currencyScale);
    if (minor === null) return;
    place.mutate(
      {
        legs: legs.map((l) => ({ marketId: l.marketId, key: l.key, odds: l.odds })),
        stake: minor.toString(),
        acceptOdds: acceptBetter ? 'better' : 'none',
      },
      {
        onSuccess: () => {
          clear();
          showToast(t('placed'), 'success');
          void client.invalidateQueries({ queryKey: sportsKeys.myBets('open') });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'sports.odds_changed') {
            reprice((err.value?.legs ?? []) as { marketId: string; key: string; odds: string }[]);
          }
          setError('root', { message: errorText(err) });
        },
      },
    );
  });

  return (
    <aside className={`sports-slip${legs.length === 0 ? ' sports-slip--empty' : ''}`} aria-label={t('slip')}>
      <h2 className="sports-slip__title">
        {t('slip')}
        {legs.length > 0 && <span className="sports-slip__count">{legs.length}</span>}
        <span className="muted sports-slip__kind">
          {legs.length > 1 ? t('parlay', { count: legs.length }) : legs.length === 1 ? t('single') : ''}
        </span>
      </h2>
      {legs.length === 0 ? (
        <p className="muted">{t('slip_empty')}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <ul className="sports-slip__legs">
            {legs.map((l) => (
              <li key={`${l.marketId}:${l.key}`} className="sports-slip__leg">
                <div>
                  <strong>{l.pick}</strong>
                  <div className="muted">
                    {l.market} · {l.event}
                  </div>
                </div>
                <span className="sports-slip__odds">{showOdds(l.odds, format)}</span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('remove', { pick: l.pick })}
                  onClick={() => remove(l.marketId)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <TextField
            label={t('stake')}
            inputMode="decimal"
            autoComplete="off"
            required
            error={errors.stake && t('stake_invalid')}
            {...register('stake', { validate: (v) => parseAmount(v, brand.currencyScale).ok })}
          />
          <label className="checkbox">
            <input type="checkbox" {...register('acceptBetter')} /> {t('accept_better')}
          </label>
          {potential !== null && (
            <p className="sports-slip__return">
              {t('potential_return')} <strong>{money(potential)}</strong>
            </p>
          )}
          {errors.root?.message && (
            <p className="field__error" role="alert">
              {errors.root.message}
            </p>
          )}
          <div className="sports-slip__actions">
            <button type="button" className="button" onClick={clear}>
              {t('clear')}
            </button>
            <button type="submit" className="button button--primary" disabled={place.isPending}>
              {token ? t('place') : t('login_to_bet')}
            </button>
          </div>
        </form>
      )}
    </aside>
  );
}
