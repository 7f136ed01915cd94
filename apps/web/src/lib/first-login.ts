/**
 * Whether this browser session began with the member's first login (the login reply says so).
 * Announcement popups with execution `F` show only then; auth sets it, the lobby reads it.
 */
const KEY = 'firstLoginPopup';

export function markFirstLogin(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the first-login popups are skipped, nothing worse.
  }
}

export function isFirstLogin(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
