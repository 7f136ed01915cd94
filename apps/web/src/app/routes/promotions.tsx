import { useTranslation } from '../../lib/i18n';
import { PageHeader } from '../../components/section';
import { Promotions } from '../../features/rewards/components/promotions';

export default function PromotionsPage() {
  const { t } = useTranslation('lobby');
  return (
    <div className="page">
      <PageHeader title={t('promotions_title')} />
      <Promotions />
    </div>
  );
}
