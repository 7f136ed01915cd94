import { type LanguageCode, languageCatalogue } from '@arcadia/contract/client';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatMoney, minorToMajorText } from '../../../lib/money';
import type { OpsBrand } from '../api/operator';

/** Minor units to a major-unit decimal string (shared with every money display). */
export { minorToMajorText };

/** Amounts in the brand's currency and times, in the interface language's locale. */
export function useOpsFormat(brand: OpsBrand | undefined) {
  const { i18n } = useTranslation();
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').toUpperCase();
  const locale = code in languageCatalogue ? languageCatalogue[code as LanguageCode].locale : 'en';
  return useMemo(() => {
    const options = { currencySymbol: brand?.currencySymbol ?? '', scale: brand?.currencyScale ?? 2, locale };
    const times = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
    return {
      locale,
      money: (value: number | string, signed = false) => formatMoney(value, { ...options, signed }),
      /** An audit payload's minor units; the raw text when it is not a whole number. */
      minor: (value: string, signed = false) => {
        const major = minorToMajorText(value, options.scale);
        return major === null ? value : formatMoney(major, { ...options, signed });
      },
      time: (iso: string) => {
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? iso : times.format(date);
      },
    };
  }, [brand?.currencySymbol, brand?.currencyScale, locale]);
}

export type OpsFormat = ReturnType<typeof useOpsFormat>;
