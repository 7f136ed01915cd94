import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/** The thin bar shown while a route's code or data loads. */
export function TopProgress({ active }: { active: boolean }) {
  return <div className={`top-progress${active ? ' is-active' : ''}`} aria-hidden="true" />;
}
