import { useTranslation } from '../../lib/i18n';
import { PageHeader } from '../../components/section';
import { PointMall } from '../../features/rewards/components/point-mall';

/** Points mall (spec §1, §2 /pointMall): redeem, redeem history, points details, rules. */
export default function PointMallPage() {
  const { t } = useTranslation('lobby');
  return (
    <div className="page">
      <PageHeader title={t('point_mall_title')} />
      <PointMall />
    </div>
  );
}
