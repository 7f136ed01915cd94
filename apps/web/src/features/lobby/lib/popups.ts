/**
 * Announcement popups (spec §4): execution `A` shows after login, `B` before login, `F` only on a
 * first-time login. Closing them suppresses popups for the rest of the browser session, with one
 * flag for members and another for anonymous visitors, so logging in still shows the members' set.
 */
export type Execution = 'A' | 'B' | 'F';

export interface PopupLike {
  execution: string;
}

export interface PopupAudience {
  loggedIn: boolean;
  firstLogin: boolean;
}

export function popupsFor<T extends PopupLike>(popups: readonly T[], who: PopupAudience): T[] {
  return popups.filter((p) => {
    if (p.execution === 'B') return !who.loggedIn;
    if (p.execution === 'A') return who.loggedIn;
    if (p.execution === 'F') return who.loggedIn && who.firstLogin;
    return false;
  });
}

const flagKey = (loggedIn: boolean) => (loggedIn ? 'popupClosedUser' : 'popupClosedAnon');

export function popupsSuppressed(loggedIn: boolean): boolean {
  try {
    return sessionStorage.getItem(flagKey(loggedIn)) === 'closed';
  } catch {
    return false;
  }
}

export function suppressPopups(loggedIn: boolean): void {
  try {
    sessionStorage.setItem(flagKey(loggedIn), 'closed');
  } catch {
    // Storage refused (private mode): the popups come back on the next page load, nothing worse.
  }
}

export { isFirstLogin, markFirstLogin } from '../../../lib/first-login';
