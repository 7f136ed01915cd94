import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useActiveInStrip } from '../../lib/use-active-in-strip';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { defaultMemberPage, memberMenu } from '../../config/member-menu';
import { CountBadge } from '../../components/count-badge';
import { authKeys, useMemberInfoQuery } from '../../features/auth/api/session';
import { useUnreadMessage } from '../../features/inbox/api/inbox';
import { MessageCenter } from '../../features/inbox/components/message-center';
import { BetRecord } from '../../features/records/components/bet-record';
import { ProfitLoss } from '../../features/records/components/profit-loss';
import { ResponsibleGamingCard } from '../../features/responsible/components/responsible-gaming-card';
import { BonusDetails } from '../../features/rewards/components/bonus-details';
import { useRewardCount } from '../../features/rewards/api/promotions';
import { ManualRebate } from '../../features/rewards/components/manual-rebate';
import { RewardCenter } from '../../features/rewards/components/reward-center';
import { VipPage } from '../../features/rewards/components/vip-page';
import { ReferralPage } from '../../features/rewards/components/referral-page';
import { MissionPage } from '../../features/rewards/components/mission-page';
import { useAvailablePromo } from '../../features/rewards/api/referral';
import { useMerchantWalletQuery } from '../../features/wallet/api/wallet';
import { AccountRecord } from '../../features/wallet/components/account-record';
import { DepositPage } from '../../features/wallet/components/deposit';
import { MyWallet } from '../../features/wallet/components/my-wallet';
import { PanelLoading } from '../../components/panel-state';
import { PaymentPasswordCard } from '../../features/wallet/components/payment-password-card';
import { TransferUpline } from '../../features/wallet/components/transfer-upline';
import { WithdrawPage } from '../../features/wallet/components/withdraw';
import { useWhitelabel } from '../../lib/permission';
import { useSessionStore } from '../../lib/session-store';
import { useUiStore } from '../../lib/ui-store';

/**
 * Security centre: the login password (the change-password modal), the payment password, and the
 * responsible gaming tools (deposit limits, cool-off and self-exclusion).
 */
function SecurityCenter() {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const { data: info } = useMemberInfoQuery();
  const titleId = useId();
  return (
    <div className="security-grid">
      <section className="security-card" aria-labelledby={titleId}>
        <div className="security-card__head">
          <div>
            <h3 id={titleId} className="security-card__title">
              {t('login_password')}
            </h3>
            <p className="security-card__text">{t('login_password_about')}</p>
          </div>
        </div>
        <div className="security-card__actions">
          <button type="button" className="button" onClick={() => openModal('changePassword')}>
            {t('change_login_password')}
          </button>
        </div>
      </section>
      <PaymentPasswordCard
        hasPaymentPassword={info?.hasPaymentPassword}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: authKeys.memberInfo(token) })}
      />
      <ResponsibleGamingCard />
    </div>
  );
}

/** Member centre: the spec's pages in a left menu, the chosen page on the right (`?page=`). */
export default function MemberPage() {
  const { t } = useTranslation('member');
  const wl = useWhitelabel();
  const [params, setParams] = useSearchParams();
  // A single-wallet brand has no wallets to move money between: My Wallet is hidden.
  const merchantWallet = useMerchantWalletQuery();
  const singleWallet = merchantWallet.data?.isSingle === 1;
  const hasVip = useSessionStore((s) => s.hasVip);
  const promo = useAvailablePromo();
  const state = { hasVip, referral: promo.REFERRAL.enabled, mission: promo.MISSION.enabled };
  const entries = memberMenu.filter(
    (e) => (!e.gate || e.gate(wl, state)) && !(e.page === 'transferFund' && singleWallet),
  );
  const page = entries.some((e) => e.page === params.get('page')) ? params.get('page')! : defaultMemberPage;
  const title = t(page as 'securityCenter');
  const open = (next: string) => setParams({ page: next });
  // Spec §2: badge counters on member-centre entries when above 0.
  const rewardCount = useRewardCount();
  const badges: Partial<Record<string, number>> = {
    messageV2: useUnreadMessage(),
    rewardCenter: rewardCount,
    missionLeaderboard: promo.MISSION.count,
  };

  const nav = useRef<HTMLElement>(null);
  useActiveInStrip(nav, page);

  const panels: Record<string, () => ReactNode> = {
    securityCenter: () => <SecurityCenter />,
    // Until the brand's wallet mode is known, My Wallet might be about to disappear.
    transferFund: () => (merchantWallet.isPending ? <PanelLoading /> : <MyWallet />),
    transferUpline: () => <TransferUpline onSetPaymentPassword={() => open('securityCenter')} />,
    transactionHistory: () => <AccountRecord />,
    personalHistoryCopy: () => <BetRecord />,
    personalProfit: () => <ProfitLoss />,
    // Back from a payment gateway: `?page=depositv2&deposit=<id>` shows that deposit's status.
    depositv2: () => (
      <DepositPage depositId={params.get('deposit')} onCloseStatus={() => open('depositv2')} />
    ),
    withdraw: () => <WithdrawPage onSetPaymentPassword={() => open('securityCenter')} />,
    messageV2: () => <MessageCenter />,
    bonusDetails: () => <BonusDetails />,
    manualRebate: () => <ManualRebate />,
    vip: () => <VipPage />,
    rewardCenter: () => <RewardCenter />,
    referral: () => <ReferralPage />,
    missionLeaderboard: () => <MissionPage />,
  };

  return (
    <div className="panel-layout">
      <nav ref={nav} className="panel-layout__nav" aria-label={t('member_center')}>
        <h1 className="panel-layout__title">{t('member_center')}</h1>
        <ul>
          {entries.map((e) => (
            <li key={e.page}>
              <button
                type="button"
                className="panel-layout__link"
                aria-current={e.page === page ? 'page' : undefined}
                onClick={() => open(e.page)}
              >
                {t(e.page as 'securityCenter')}
                <CountBadge count={badges[e.page] ?? 0} />
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="panel-layout__panel" aria-label={title}>
        <h2>{title}</h2>
        {/* Keyed by page: a panel's half-typed form does not survive a switch to another page. */}
        <div key={page}>{panels[page]?.() ?? <EmptyState />}</div>
      </section>
    </div>
  );
}
