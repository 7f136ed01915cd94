import { type LanguageCode, languageCatalogue } from '@arcadia/contract/client';
import DOMPurify from 'dompurify';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { InboxItem } from '../api/inbox';

type Notice = NonNullable<InboxItem['notice']>;

/**
 * A message as shown: a system notice in the reader's language from its code (the stored English
 * is the fallback), anything else as sent — its HTML sanitised again here, whatever the server did.
 */
export function useMessageText() {
  const { t } = useTranslation('inbox');
  const title = useCallback(
    (m: { title: string; notice: Notice | null }) =>
      m.notice ? t(`notice.${m.notice.code}.title`, { defaultValue: m.title }) : m.title,
    [t],
  );
  const body = useCallback(
    (m: Pick<InboxItem, 'content' | 'notice'>): { text: string } | { html: string } => {
      const text = m.notice
        ? t(`notice.${m.notice.code}.content`, { ...m.notice.params, defaultValue: '' })
        : '';
      return text ? { text } : { html: DOMPurify.sanitize(m.content, { ADD_ATTR: ['target'] }) };
    },
    [t],
  );
  return { title, body };
}

/** Date and time in the interface language's conventions. */
export function useMessageTime() {
  const { i18n } = useTranslation();
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').toUpperCase();
  const locale = code in languageCatalogue ? languageCatalogue[code as LanguageCode].locale : 'en';
  const format = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  return useCallback((iso: string) => format.format(new Date(iso)), [format]);
}
