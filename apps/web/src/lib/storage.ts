/**
 * Browser storage keys. Names follow the original client so that support tooling and habits
 * carry over: session items of spec §3, `lang`/`hisLang` and `merchantCode` in local storage.
 */
export const sessionKeys = [
  'token',
  'nickname',
  'account',
  'username',
  'customerId',
  'isAgent',
  'merchant',
  'merchantCode',
  'gameVendor',
  'validate',
  'merchantWallet',
  'consolidated',
  'enableSalary',
  'enableContract',
] as const;
export type SessionKey = (typeof sessionKeys)[number];

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const session = {
  get: (key: SessionKey) => safe(() => sessionStorage.getItem(key), null),
  set: (key: SessionKey, value: string) => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: SessionKey) => safe(() => sessionStorage.removeItem(key), undefined),
  /** Logout: everything goes except the merchant code (spec §4). */
  clearKeepingMerchant() {
    for (const key of sessionKeys) if (key !== 'merchant' && key !== 'merchantCode') this.remove(key);
  },
};

/**
 * `affiliateCode` / `referralCode`: invitation codes from a landing URL, kept until registration.
 * `hideBalance`: the header's balance visibility choice.
 * `supportToken`: a visitor's customer-service conversation token (docs/support.md).
 * `oddsFormat`: the sportsbook's odds format (decimal, hongkong, malay, indonesian).
 */
export type LocalKey =
  | 'lang'
  | 'hisLang'
  | 'merchantCode'
  | 'theme'
  | 'affiliateCode'
  | 'referralCode'
  | 'hideBalance'
  | 'supportToken'
  | 'oddsFormat';

export const local = {
  get: (key: LocalKey) => safe(() => localStorage.getItem(key), null),
  set: (key: LocalKey, value: string) => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: LocalKey) => safe(() => localStorage.removeItem(key), undefined),
};
