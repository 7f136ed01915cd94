import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/section';

export default function PromotionsPage() {
  const { t } = useTranslation('lobby');
  return (
    <div className="page">
      <PageHeader title={t('promotions_title')} />
      <EmptyState />
    </div>
  );
}
