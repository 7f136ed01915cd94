import { type ComponentType, type ReactNode, Suspense, lazy, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useActiveInStrip } from '../../lib/use-active-in-strip';
import { useNavigate, useSearchParams } from 'react-router';
import { openSupportWindow } from '../../components/customer-service-button';
import { agentMenu, defaultAgentPage } from '../../config/agent-menu';
import { paths } from '../../config/paths';
import { AgentHeader } from '../../features/agent/components/agent-header';
import { useConsolidatedQuery } from '../../features/contracts/api/contracts';
import { PanelLoading } from '../../components/panel-state';
import { CountBadge } from '../../components/count-badge';
import { useUnreadMessage } from '../../features/inbox/api/inbox';
import { useWhitelabel } from '../../lib/permission';
import { session } from '../../lib/storage';
import { useUiStore } from '../../lib/ui-store';
import '../../features/agent/agent.css';

/** One chunk per page: the charting library, for one, loads only with the team overview. */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
const TeamOverview = page(() =>
  import('../../features/agent/components/team-overview').then((m) => m.TeamOverview),
);
const Announcements = page(() =>
  import('../../features/agent/components/announcements').then((m) => m.Announcements),
);
const RegisterCenter = page(() =>
  import('../../features/agent/components/register-center').then((m) => m.RegisterCenter),
);
const TeamManagement = page(() =>
  import('../../features/agent/components/team-management').then((m) => m.TeamManagement),
);
const TeamBetting = page(() =>
  import('../../features/agent/components/team-betting').then((m) => m.TeamBetting),
);
const UserProfitLoss = page(() =>
  import('../../features/agent/components/user-profit-loss').then((m) => m.UserProfitLoss),
);
const MyIncome = page(() => import('../../features/agent/components/my-income').then((m) => m.MyIncome));
const AccountDetails = page(() =>
  import('../../features/agent/components/account-details').then((m) => m.AccountDetails),
);
const DepositPage = page(() => import('../../features/wallet/components/deposit').then((m) => m.DepositPage));
const ContractPage = page(() =>
  import('../../features/agent/components/contracts/contract-page').then((m) => m.ContractPage),
);
const RedEnvelopeSender = page(() =>
  import('../../features/rewards/components/red-envelope-sender').then((m) => m.RedEnvelopeSender),
);
const PlatformMessages = page(() =>
  import('../../features/inbox/components/platform-messages').then((m) => m.PlatformMessages),
);
const WithdrawPage = page(() =>
  import('../../features/wallet/components/withdraw').then((m) => m.WithdrawPage),
);

/** `/agentHome`: header with time zone, clock, name and logout; left navigation; the page on the right. */
export default function AgentHomePage() {
  const { t } = useTranslation('agent');
  const wl = useWhitelabel();
  const unreadMessages = useUnreadMessage();
  const navigate = useNavigate();
  const openModal = useUiStore((s) => s.openModal);
  const [params, setParams] = useSearchParams();
  const name = session.get('nickname') || session.get('account') || '';

  const open = (key: string) => setParams({ page: key });
  // Contract pages appear when the consolidated flags say the kind applies (spec §2, §6).
  const consolidated = useConsolidatedQuery();
  const flags = consolidated.data;
  // Until they are known the menu and its page wait: entries arriving late would push the rest down.
  const waiting = consolidated.isPending && consolidated.fetchStatus === 'fetching';
  // The payment password is set in the member centre's security page.
  const setPaymentPassword = () => void navigate(`${paths.member}?page=securityCenter`);

  /** The pages this build has; a menu entry without one (contracts, salaries, messages) is hidden. */
  const panels: Record<string, () => ReactNode> = {
    // Back from a payment gateway: `?page=deposit&deposit=<id>` shows that deposit's status.
    deposit: () => <DepositPage depositId={params.get('deposit')} onCloseStatus={() => open('deposit')} />,
    withdraw: () => <WithdrawPage onSetPaymentPassword={setPaymentPassword} />,
    agentAnnouncement: () => <Announcements />,
    agentTeamOverview: () => <TeamOverview />,
    registerCenter: () => <RegisterCenter />,
    downlineManagmentView: () => <TeamManagement onSetPaymentPassword={setPaymentPassword} />,
    personalHistoryCopy: () => <TeamBetting />,
    palStatementsAgentCopy: () => <UserProfitLoss />,
    agentRevenueReport: () => <MyIncome />,
    agentDownlineTransactionDetailsCopy: () => <AccountDetails />,
    ...(flags?.divtypeinfo ? { agentDividendRecordCopy2: () => <ContractPage kind="dividend" /> } : {}),
    ...(flags?.dailysalinfotype ? { agentDailyWages2: () => <ContractPage kind="daily" /> } : {}),
    ...(flags?.contracthoursalinfo ? { agentHourSalary: () => <ContractPage kind="hourly" /> } : {}),
    ...(flags?.realtimesalinfo ? { agentRealtimeSalary: () => <ContractPage kind="realtime" /> } : {}),
    agentRedRain: () => <RedEnvelopeSender />,
    platformMessages: () => <PlatformMessages />,
  };

  const entries = agentMenu.filter(
    (e) => (!e.gate || e.gate(wl)) && ((e.page ?? e.key) in panels || e.key === 'customerService'),
  );
  const requested = params.get('page');
  const current =
    requested && requested in panels && entries.some((e) => (e.page ?? e.key) === requested)
      ? requested
      : defaultAgentPage;
  // On a phone the menu is a strip above the page: the current entry is kept in view in it.
  const nav = useRef<HTMLElement>(null);
  useActiveInStrip(nav, waiting ? '' : current);

  const select = (key: string, pageId?: string) => {
    if (key === 'customerService') {
      openSupportWindow();
      return;
    }
    open(pageId ?? key);
  };

  return (
    <div className="agent-home">
      {/* The same confirmed logout as the player site (spec §4); the root shell hosts the dialog. */}
      <AgentHeader name={name} onLogout={() => openModal('logout')} />
      {waiting ? (
        <div className="panel-layout" aria-busy="true" />
      ) : (
        <div className="panel-layout">
          <nav ref={nav} className="panel-layout__nav" aria-label={t('agent_center')}>
            <ul>
              {entries.map((e) => (
                <li key={e.key}>
                  <button
                    type="button"
                    className="panel-layout__link"
                    aria-current={(e.page ?? e.key) === current ? 'page' : undefined}
                    onClick={() => select(e.key, e.page)}
                  >
                    {t(e.key as 'deposit')}
                    {e.key === 'platformMessages' && <CountBadge count={unreadMessages} />}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <section className="panel-layout__panel" aria-label={t(current as 'deposit')}>
            <h2>{t(current as 'deposit')}</h2>
            {/* Keyed by page: a page's half-typed form does not survive a switch to another. */}
            <Suspense key={current} fallback={<PanelLoading />}>
              {panels[current]?.()}
            </Suspense>
          </section>
        </div>
      )}
    </div>
  );
}
