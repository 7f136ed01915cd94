/**
 * The customer-service live chat's rules, free of zod so the browser checks a field with the very
 * function the server's schema uses (docs/support.md). The wire shapes are in support.ts.
 */

/** Header that carries a visitor's conversation token on HTTP calls (members send `Authorization`). */
export const supportTokenHeader = 'X-Support-Token';

export const supportLimits = {
  /** A text message, after trimming. */
  textMaxChars: 2000,
  /** A visitor's name. */
  nameMaxChars: 40,
  /** A visitor's contact: an email address or a phone number. */
  contactMaxChars: 100,
  /** An attachment's decoded size (5 MiB), PNG or JPEG by content. */
  attachmentMaxBytes: 5 * 1024 * 1024,
  /** Messages per history page, by default and at most. */
  pageSize: 30,
  pageSizeMax: 100,
  /** Canned replies: a title, a body, and how many a brand may keep. */
  cannedTitleMaxChars: 60,
  cannedBodyMaxChars: 2000,
  cannedPerBrand: 200,
} as const;

/** The attachment types the chat accepts; the server decides by magic bytes, never by name. */
export const supportAttachmentMimes = ['image/png', 'image/jpeg'] as const;
export type SupportAttachmentMime = (typeof supportAttachmentMimes)[number];

/** Largest base64 text an attachment may arrive as (4 characters per 3 bytes, plus a data-URL prefix). */
export const supportAttachmentMaxChars = Math.ceil(supportLimits.attachmentMaxBytes / 3) * 4 + 64;

/** C0 controls other than tab and line feed, and DEL: never part of a chat message or a name. */
// eslint-disable-next-line no-control-regex
export const supportControlChars = /[\u0000-\u0008\u000B-\u001F\u007F]/;

const emailPattern = /^[^\s@]{1,64}@[^\s@]+\.[^\s@.]{2,}$/;
const phonePattern = /^\+?[0-9][0-9 ()-]*[0-9]$/;

/**
 * What kind of contact a visitor typed: an email address, or a phone number (6–15 digits, an
 * optional leading `+`, spaces, dashes and brackets allowed); null when it is neither.
 */
export function supportContactKind(raw: string): 'email' | 'phone' | null {
  const value = raw.trim();
  if (value.length < 3 || value.length > supportLimits.contactMaxChars) return null;
  if (emailPattern.test(value)) return 'email';
  if (phonePattern.test(value)) {
    const digits = value.replace(/\D/g, '').length;
    if (digits >= 6 && digits <= 15) return 'phone';
  }
  return null;
}

/** A visitor's name: 1–40 characters once trimmed, no control characters. */
export function isSupportName(raw: string): boolean {
  const value = raw.trim();
  return value.length >= 1 && value.length <= supportLimits.nameMaxChars && !supportControlChars.test(value);
}
