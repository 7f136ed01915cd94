import { useCallback, useMemo } from 'react';
import { useLocaleTag } from '../../../lib/locale-tag';
import { formatMoney } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';

/** Money in the brand's scale and currency, rates as percentages, times — in the interface locale. */
export function useRewardFormat() {
  const brand = useBrand();
  const locale = useLocaleTag();
  const scale = brand.currencyScale;
  const money = useCallback(
    (value: number, signed = false) =>
      formatMoney(value.toFixed(Math.max(0, Math.min(20, scale))), {
        currencySymbol: brand.currencySymbol,
        scale,
        locale,
        signed,
      }),
    [scale, locale, brand.currencySymbol],
  );
  const percentFormat = useMemo(
    () =>
      new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 }),
    [locale],
  );
  const dateTimeFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    [locale],
  );
  return {
    money,
    /** A calendar day (`YYYY-MM-DD`, UTC). */
    date: useCallback((day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`)), [dateFormat]),
    percent: useCallback((rate: number) => percentFormat.format(rate), [percentFormat]),
    dateTime: useCallback((iso: string) => dateTimeFormat.format(new Date(iso)), [dateTimeFormat]),
  };
}
