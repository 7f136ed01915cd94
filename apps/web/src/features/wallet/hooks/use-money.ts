import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type MoneyFormatOptions, formatMoney } from '../../../lib/money';
import { useLocaleTag } from '../../../lib/locale-tag';
import { useBrand } from '../../../lib/permission';
import { useBalanceQuery } from '../api/wallet';
import { MAIN } from '../lib/wallets';

/**
 * Money display in the user's locale with the currency of the balance reply (the brand's until
 * it arrives): `format(1234.5)` → `$1,234.50`.
 */
export function useMoney() {
  const brand = useBrand();
  const { data } = useBalanceQuery();
  const locale = useLocaleTag();
  const currencySymbol = data?.currencySymbol ?? brand.currencySymbol;
  const scale = data?.currencyScale ?? brand.currencyScale;
  const format = useCallback(
    (value: number | string, options?: Pick<MoneyFormatOptions, 'signed'> & { symbol?: boolean }) =>
      formatMoney(value, {
        currencySymbol: options?.symbol === false ? '' : currencySymbol,
        scale,
        locale,
        signed: options?.signed,
      }),
    [currencySymbol, scale, locale],
  );
  return useMemo(() => ({ currencySymbol, scale, locale, format }), [currencySymbol, scale, locale, format]);
}

/** `MAIN` is "Main wallet" in the user's language; a vendor wallet is named by its vendor code. */
export function useWalletName() {
  const { t } = useTranslation('wallet');
  return useCallback((wallet: string) => (wallet === MAIN ? t('wallet_main') : wallet), [t]);
}
