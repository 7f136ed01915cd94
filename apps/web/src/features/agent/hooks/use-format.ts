import { type LanguageCode, languageCatalogue } from '@arcadia/contract/client';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';

/** The BCP 47 locale of the interface language, for numbers and dates. */
function useLocaleTag(): string {
  const { i18n } = useTranslation();
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').toUpperCase();
  return code in languageCatalogue ? languageCatalogue[code as LanguageCode].locale : 'en';
}

/**
 * Display formats of the agent reports: money in the brand's currency and decimals, counts,
 * date-times to the second, and calendar days. Amounts arrive in major units, already exact.
 */
export function useAgentFormat() {
  const brand = useBrand();
  const locale = useLocaleTag();
  const scale = brand.currencyScale;
  const money = useCallback(
    (value: number | string, options?: { signed?: boolean; symbol?: boolean }) =>
      formatMoney(value, {
        currencySymbol: options?.symbol === false ? '' : brand.currencySymbol,
        scale,
        locale,
        signed: options?.signed,
      }),
    [brand.currencySymbol, scale, locale],
  );
  return useMemo(() => {
    const countFormat = new Intl.NumberFormat(locale);
    const dateTimeFormat = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // Report days are UTC calendar days: shown as such, never shifted into the local zone.
    const dayFormat = new Intl.DateTimeFormat(locale, { month: '2-digit', day: '2-digit', timeZone: 'UTC' });
    return {
      locale,
      scale,
      money,
      count: (n: number) => countFormat.format(n),
      dateTime: (iso: string) => dateTimeFormat.format(new Date(iso)),
      day: (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`)),
    };
  }, [locale, scale, money]);
}
