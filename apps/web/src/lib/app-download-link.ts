import { paths } from '../config/paths';

/**
 * Spec §2: the app download link is built from the site address, the language and the session
 * token (the app opens signed in). The download page takes the token out of the address bar at
 * once, and its QR code carries the site address and language only: a code on a screen is one
 * photograph away from anyone.
 */
export function appDownloadLink(origin: string, language: string, token: string | null): string {
  const q = new URLSearchParams({ lang: language });
  if (token) q.set('token', token);
  return `${origin}${paths.download}?${q.toString()}`;
}
