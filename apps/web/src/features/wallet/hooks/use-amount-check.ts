import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { parseAmount } from '../../../lib/money';

/**
 * Checks a typed amount against the currency's decimals: `{ amount }` (the text to send) or
 * `{ error }` (the message for the field).
 */
export function useAmountCheck(scale: number) {
  const { t } = useTranslation('wallet');
  return useCallback(
    (text: string): { amount: string; error?: undefined } | { amount?: undefined; error: string } => {
      const result = parseAmount(text, scale);
      if (result.ok) return { amount: result.amount };
      switch (result.problem) {
        case 'required':
          return { error: t('amount_required') };
        case 'positive':
          return { error: t('amount_positive') };
        default:
          return { error: scale > 0 ? t('amount_format', { scale }) : t('amount_format_whole') };
      }
    },
    [t, scale],
  );
}

/** The fields a `request_param_err` reply names (`value.fields`), if any. */
export function invalidFields(err: unknown): string[] {
  if (!(err instanceof ApiError) || err.code !== 'request_param_err') return [];
  const fields = err.value?.fields;
  return fields && typeof fields === 'object' ? Object.keys(fields) : [];
}
