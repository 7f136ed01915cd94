import { useTranslation } from '../lib/i18n';
import { useNavigate } from 'react-router';
import { AccountMenu } from '../components/account-menu';
import { openSupportWindow } from '../components/customer-service-button';
import { useOpenMemberPage } from '../components/use-open-member-page';
import { UserId } from '../components/user-id';
import { paths } from '../config/paths';
import { useMemberInfoQuery } from '../features/auth/api/session';
import { useUnreadMessage } from '../features/inbox/api/inbox';
import { HeaderBalance } from '../features/wallet/components/header-balance';
import { useSessionStore } from '../lib/session-store';
import { session } from '../lib/storage';
import { useUiStore } from '../lib/ui-store';

/**
 * The logged-in part of the header (spec §2): balance slot, VIP label, copyable user ID and the
 * avatar menu. The balance figure comes from the wallet feature; until it arrives the slot shows
 * its placeholder rather than a made-up number.
 */
export default function HeaderAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useMemberInfoQuery();
  const isAgent = useSessionStore((s) => s.isAgent);
  const isTrial = useSessionStore((s) => s.isTrial);
  const openModal = useUiStore((s) => s.openModal);
  const openMemberPage = useOpenMemberPage();
  const unreadMessages = useUnreadMessage();
  const name = info?.nickname || info?.account || session.get('nickname') || session.get('account') || '';
  // Spec §2: the VIP label when the brand runs VIP; it opens the VIP page.
  const vip = info?.hasVip ? info.clubLabel.labelName : undefined;

  return (
    <>
      <HeaderBalance />
      {vip && (
        <button
          type="button"
          className="vip-label vip-label--button hide-medium"
          title={t('vip_level')}
          onClick={() => openMemberPage('vip')}
        >
          {vip}
        </button>
      )}
      {info && <UserId id={info.id} className="hide-medium" />}
      <AccountMenu
        name={name}
        userId={info?.id}
        vipLabel={vip}
        isAgent={isAgent}
        isTrial={isTrial}
        unreadMessages={unreadMessages}
        onMemberPage={openMemberPage}
        onCustomerService={openSupportWindow}
        onChangePassword={() => openModal('changePassword')}
        onAgentCentre={() => void navigate(paths.agentHome)}
        onLogout={() => openModal('logout')}
      />
    </>
  );
}
