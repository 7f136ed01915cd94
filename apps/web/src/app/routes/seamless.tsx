import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../config/paths';

/** `/seamless` hosts a launched game full-width (no side menu). */
export default function SeamlessPage() {
  const { t } = useTranslation(['lobby', 'common']);
  return (
    <div className="page page--game">
      <h1 className="visually-hidden">{t('game_page_title')}</h1>
      <EmptyState message={t('no_game_selected')} />
      <p className="center">
        <Link to={paths.home} className="button">
          {t('common:back_home')}
        </Link>
      </p>
    </div>
  );
}
