import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n';

/** Copies `text`; `copied` stays true for two seconds after a successful copy. */
export function useCopy(text: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(() => {
    navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied(true))
      .catch(() => undefined);
  }, [text]);
  return { copied, copy };
}

export function CopyGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true">
      <path
        d="M9 9h10v11H9zM5 15V4h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The member's ID with a copy button; "Copied" is announced for two seconds after a copy. */
export function UserId({ id, className }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(id);
  return (
    <span className={`user-id ${className ?? ''}`}>
      <span className="user-id__text">{t('user_id', { id })}</span>
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={t('copy_user_id')}
        title={t('copy_user_id')}
        onClick={copy}
      >
        <CopyGlyph />
      </button>
      <span className="user-id__copied" role="status">
        {copied ? t('copied') : ''}
      </span>
    </span>
  );
}
