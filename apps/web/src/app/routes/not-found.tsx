import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page page-message">
      <div className="system-screen__card">
        <h1>{t('page_not_found_title')}</h1>
        <p>{t('page_not_found_text')}</p>
        <Link to={paths.home} className="button button--primary">
          {t('back_home')}
        </Link>
      </div>
    </div>
  );
}
