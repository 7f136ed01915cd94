import type { InboxNoticeCode } from '@arcadia/contract';

/**
 * The English text of each system notice, stored with the message as the fallback; clients show
 * `inbox:notice.<code>.*` in the reader's language from the code and its params instead.
 */
const texts: Record<InboxNoticeCode, { title: string; content: string }> = {
  deposit_credited: {
    title: 'Deposit credited',
    content: 'Your deposit #{depositId} of {amount} {currency} has been credited to your main wallet.',
  },
  withdrawal_paid: {
    title: 'Withdrawal paid',
    content:
      'Your withdrawal #{withdrawId} of {amount} {currency} has been paid. Please confirm once it reaches your account.',
  },
  withdrawal_rejected: {
    title: 'Withdrawal rejected',
    content:
      'Your withdrawal #{withdrawId} of {amount} {currency} was rejected; the amount is back in your main wallet.',
  },
  password_changed: {
    title: 'Password changed',
    content:
      'The login password of your account was changed. If you did not do this, contact customer service at once.',
  },
};

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** Title and content (plain text) of a notice. */
export function noticeText(code: InboxNoticeCode, params: Record<string, string>) {
  const t = texts[code];
  return { title: fill(t.title, params), content: fill(t.content, params) };
}
