/**
 * "Remember me" (spec §9): cookies that live one day and prefill the login form.
 *
 * Only the last username and SMS number are kept. The spec also lists the password, but a
 * password stored client-side (a cookie readable by any script on the page and sent with every
 * request) would be a security defect, so remember-password is deliberately not implemented.
 */
const DAY_SECONDS = 24 * 60 * 60;
const names = { username: 'rememberUsername', mobile: 'rememberMobile' } as const;
export type RememberKey = keyof typeof names;

function write(name: string, value: string, maxAge: number) {
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; SameSite=Lax`;
}

export function readRemembered(key: RememberKey): string {
  const prefix = `${names[key]}=`;
  const entry = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  if (!entry) return '';
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return '';
  }
}

/** Keeps `value` for a day when `remember` is on, else forgets any earlier value. */
export function remember(key: RememberKey, value: string, on: boolean) {
  if (on && value) write(names[key], value, DAY_SECONDS);
  else write(names[key], '', 0);
}
