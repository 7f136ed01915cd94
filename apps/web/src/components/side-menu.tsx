import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useWhitelabel } from '../lib/permission';
import { useSessionStore } from '../lib/session-store';
import { appDownloadLink } from '../lib/app-download-link';
import { useUiStore } from '../lib/ui-store';
import { CountBadge } from './count-badge';
import { openSupportWindow } from './customer-service-button';
import { LanguageSelect } from './language-select';
import { useOpenMemberPage } from './use-open-member-page';

type Icon =
  | 'wallet'
  | 'cash'
  | 'gift'
  | 'users'
  | 'star'
  | 'coins'
  | 'list'
  | 'shield'
  | 'chart'
  | 'mail'
  | 'phone'
  | 'chat'
  | 'crown'
  | 'logout'
  | 'download';

const iconPaths: Record<Icon, string> = {
  wallet: 'M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4V7Zm0 0 11-3v3M16 13h.01',
  cash: 'M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM6 10v4M18 10v4',
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.8c1.8.7 3 2.5 3.5 5.2',
  star: 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z',
  coins:
    'M12 4c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3ZM4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5',
  list: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  shield: 'M12 3 5 6v6c0 4.5 3 8 7 9 4-1 7-4.5 7-9V6l-7-3Z',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  download: 'M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14',
  phone: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1ZM11 18h2',
  chat: 'M4 5h16v11H8l-4 4V5Z',
  crown: 'm3 8 4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8Z',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
};

function Glyph({ name }: { name: Icon }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="side-menu__icon">
      <path
        d={iconPaths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

interface Item {
  key: string;
  label: string;
  icon: Icon;
  /** A member-centre page (login needed) or a route. */
  memberPage?: string;
  to?: string;
  onClick?: () => void;
  show?: boolean;
}

/**
 * Spec §2 side menu: money and rewards shortcuts, member links, the per-category classify menus
 * (the `classify` slot, composed by app/ from the lobby), app download, customer service,
 * language and sign-out. Member pages ask a visitor to log in first (spec §4).
 */
export function SideMenu({
  footer,
  classify,
  badges = {},
  referral = false,
}: {
  footer?: ReactNode;
  /** The brand runs invite-friends (availablePromo.REFERRAL.enabled). */
  referral?: boolean;
  classify?: ReactNode;
  /** Counts beside member-centre entries, by page id (spec §2: shown when above 0). */
  badges?: Partial<Record<string, number>>;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const wl = useWhitelabel();
  const token = useSessionStore((s) => s.token);
  const hasVip = useSessionStore((s) => s.hasVip);
  const { sideMenuOpen, openModal, setSideMenu } = useUiStore();

  const openMemberPage = useOpenMemberPage();

  const go = (item: Item) => {
    if (item.onClick) item.onClick();
    else if (item.memberPage) openMemberPage(item.memberPage);
    else if (item.to) void navigate(item.to);
    if (window.innerWidth < 1024) setSideMenu(false);
  };

  const shortcuts: Item[] = [
    {
      key: 'deposit',
      label: t('deposit'),
      icon: 'wallet',
      memberPage: 'depositv2',
      show: wl.DEPOSIT && !wl.CREDITMAR3,
    },
    {
      key: 'withdraw',
      label: t('withdraw'),
      icon: 'cash',
      memberPage: 'withdraw',
      show: wl.WITHDRAW && !wl.CREDITMAR3,
    },
    { key: 'promotions', label: t('hd_event'), icon: 'gift', to: paths.promotions },
    // Spec §2: shown to visitors, and to members when the referral promotion is on.
    {
      key: 'referral',
      label: t('invite_friends'),
      icon: 'users',
      memberPage: 'referral',
      show: !token || referral,
    },
    {
      key: 'reward',
      label: t('in_reward_center'),
      icon: 'star',
      memberPage: 'rewardCenter',
      show: wl.REWCEN3,
    },
    {
      key: 'rebate',
      label: t('manual_rebate'),
      icon: 'coins',
      memberPage: 'manualRebate',
      show: wl.MANPLAYREB3,
    },
  ];
  const memberLinks: Item[] = [
    // Spec §2: VIP first among the member links, when the brand runs it.
    { key: 'vip', label: t('vip_level'), icon: 'crown', memberPage: 'vip', show: !!token && hasVip },
    { key: 'betting', label: t('in_betting_record'), icon: 'list', memberPage: 'personalHistoryCopy' },
    { key: 'transactions', label: t('in_account_record'), icon: 'list', memberPage: 'transactionHistory' },
    { key: 'security', label: t('security_center'), icon: 'shield', memberPage: 'securityCenter' },
    { key: 'profit', label: t('in_personal_loss'), icon: 'chart', memberPage: 'personalProfit' },
    {
      key: 'messages',
      label: t('in_platform_information'),
      icon: 'mail',
      memberPage: 'messageV2',
      show: wl.MAILCEN,
    },
  ];
  const tools: Item[] = [
    {
      key: 'cs',
      label: t('customer_service'),
      icon: 'chat',
      onClick: openSupportWindow,
    },
    { key: 'help', label: t('help_center'), icon: 'phone', to: paths.help },
    // Spec §2: the app download link from the site address, language and session token.
    {
      key: 'download',
      label: t('app_download'),
      icon: 'download',
      onClick: () => void navigate(appDownloadLink('', i18n.language, token)),
    },
    // Spec §2: sign out, for logged-in users; it asks for confirmation first (spec §4).
    { key: 'logout', label: t('logout'), icon: 'logout', show: !!token, onClick: () => openModal('logout') },
  ];

  const render = (items: Item[]) =>
    items
      .filter((i) => i.show !== false)
      .map((item) => (
        <li key={item.key}>
          <button type="button" className="side-menu__item" onClick={() => go(item)}>
            <Glyph name={item.icon} />
            <span>{item.label}</span>
            {item.memberPage && <CountBadge count={badges[item.memberPage] ?? 0} />}
          </button>
        </li>
      ));

  return (
    <aside id="side-menu" className={`side-menu${sideMenuOpen ? ' is-open' : ''}`} aria-label={t('menu')}>
      <nav>
        <ul className="side-menu__group">{render(shortcuts)}</ul>
        <h2 className="side-menu__heading">{t('member_links')}</h2>
        <ul className="side-menu__group">{render(memberLinks)}</ul>
        {classify && (
          <>
            <h2 className="side-menu__heading">{t('games')}</h2>
            {classify}
          </>
        )}
        <ul className="side-menu__group">{render(tools)}</ul>
      </nav>
      <div className="side-menu__footer">
        <LanguageSelect />
        {footer}
      </div>
    </aside>
  );
}
