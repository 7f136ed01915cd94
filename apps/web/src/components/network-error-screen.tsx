import { useTranslation } from '../lib/i18n';

/** The card of the full-page system screens (this one, maintenance, region block). */
export function Screen({
  title,
  children,
  icon,
}: {
  title: string;
  children: React.ReactNode;
  icon: React.ReactNode;
}) {
  return (
    <main className="system-screen">
      <div className="system-screen__card">
        <div className="system-screen__icon" aria-hidden="true">
          {icon}
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export const shield = (
  <svg viewBox="0 0 48 48" width="56" height="56">
    <path
      d="M24 4 8 10v12c0 10 7 18 16 22 9-4 16-12 16-22V10L24 4Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
    />
    <path d="m16 16 16 16M32 16 16 32" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
);

export function NetworkErrorScreen({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Screen title={t('network_error_title')} icon={shield}>
      <p>{t('network_error_text')}</p>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
        {t('retry')}
      </button>
    </Screen>
  );
}
