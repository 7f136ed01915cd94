import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/section';
import { paths } from '../../config/paths';

/** `/lottery`, `/seaLottery`, `/vnLottery` (token required). */
export default function LotteryPage() {
  const { t } = useTranslation('lobby');
  const { pathname } = useLocation();
  const title =
    pathname === paths.seaLottery
      ? t('sea_lottery_title')
      : pathname === paths.vnLottery
        ? t('vn_lottery_title')
        : t('lottery_title');
  return (
    <div className="page page--game">
      <PageHeader title={title} />
      <EmptyState />
    </div>
  );
}
