import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/section';
import { paths } from '../../config/paths';

/** `/favorite` and `/recent`: the member's own game lists. */
export default function AccountGamesPage() {
  const { t } = useTranslation('lobby');
  const { pathname } = useLocation();
  return (
    <div className="page">
      <PageHeader title={pathname === paths.recent ? t('recent_title') : t('favorites_title')} />
      <EmptyState />
    </div>
  );
}
