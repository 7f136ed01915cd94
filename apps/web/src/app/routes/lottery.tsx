import { useTranslation } from '../../lib/i18n';
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/section';
import { paths } from '../../config/paths';
import { LotteryHall } from '../../features/lottery/components/lottery-hall';

/** `/lottery`, `/seaLottery`, `/vnLottery` (token required): the draw hall of the page's games. */
export default function LotteryPage() {
  const { t } = useTranslation('lobby');
  const { pathname } = useLocation();
  const [title, hall] =
    pathname === paths.seaLottery
      ? [t('sea_lottery_title'), 'sea' as const]
      : pathname === paths.vnLottery
        ? [t('vn_lottery_title'), 'vn' as const]
        : [t('lottery_title'), 'lott' as const];
  return (
    <div className="page page--game">
      <PageHeader title={title} />
      <LotteryHall hall={hall} />
    </div>
  );
}
