import { useTranslation } from '../lib/i18n';

/** The spec's "No data" message for an empty list. */
export function EmptyState({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <svg viewBox="0 0 64 48" width="64" height="48" aria-hidden="true">
        <rect
          x="6"
          y="10"
          width="52"
          height="32"
          rx="6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path d="M6 22h16l4 6h12l4-6h16" fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
      <p>{message ?? t('no_data')}</p>
    </div>
  );
}
