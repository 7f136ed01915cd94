import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../config/paths';

/** A page whose code failed to load (spec §8 "page took too long to load") or that threw. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="system-screen">
      <div className="system-screen__card">
        <h1>{notFound ? t('page_not_found_title') : t('network_error_title')}</h1>
        <p>{notFound ? t('page_not_found_text') : t('page_load_error')}</p>
        <div className="row">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('retry')}
          </button>
          <Link className="button" to={paths.home}>
            {t('back_home')}
          </Link>
        </div>
      </div>
    </main>
  );
}
