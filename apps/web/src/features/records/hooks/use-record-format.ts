import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocaleTag } from '../../../lib/locale-tag';
import { formatMoney } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';

/** Money (the brand's scale, the interface locale's separators) and date-time formatting for records. */
export function useRecordFormat() {
  const { i18n } = useTranslation();
  const brand = useBrand();
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').toUpperCase();
  const locale = useLocaleTag();
  const scale = brand.currencyScale;
  const money = useCallback(
    (value: number, signed = false) =>
      formatMoney(value.toFixed(Math.max(0, Math.min(20, scale))), { scale, locale, signed }),
    [scale, locale],
  );
  const dateTimeFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
    [locale],
  );
  const dateTime = useCallback((iso: string) => dateTimeFormat.format(new Date(iso)), [dateTimeFormat]);
  return { money, dateTime, locale, language: code };
}

/** Today as `yyyy-mm-dd` in UTC: the record days are UTC calendar days. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `days` days before `day` (UTC), as `yyyy-mm-dd`. */
export function utcDaysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
