import { useTranslation } from '../lib/i18n';

/** The loading screen; `overlay` covers the page above everything (the global loader, spec §4). */
export function PageLoader({ overlay }: { overlay?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`page-loader${overlay ? ' page-loader--overlay' : ''}`} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/** The thin bar shown while a route's code or data loads. */
export function TopProgress({ active }: { active: boolean }) {
  return <div className={`top-progress${active ? ' is-active' : ''}`} aria-hidden="true" />;
}
