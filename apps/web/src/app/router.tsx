import { type ComponentType, Suspense, lazy } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { trackPageLoad } from '../lib/page-loads';
import { AgentLayout } from './layouts/agent-layout';
import { MainLayout } from './layouts/main-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { RequireAgent, RequireRealAccount, RequireToken } from './route-guard';
import { RootShell } from './root-shell';

/**
 * One chunk per page: a route's code loads when the route is first visited, and the top progress
 * bar shows meanwhile. Declarative routes, not a data router: pages fetch through TanStack Query,
 * so loaders and actions would be unused weight in every visitor's first download.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(() => trackPageLoad(load()));

const Home = page(() => import('./routes/home'));
const Help = page(() => import('./routes/help'));
const GameCentre = page(() => import('./routes/game-centre'));
const GameList = page(() => import('./routes/game-list-centre'));
const LiveTable = page(() => import('./routes/live-table'));
const ChatRoom = page(() => import('./routes/chat-room'));
const PvpRoom = page(() => import('./routes/pvp-room'));
const Promotions = page(() => import('./routes/promotions'));
const PointMall = page(() => import('./routes/point-mall'));
const AppDownload = page(() => import('./routes/app-download'));
const Fair = page(() => import('./routes/fair'));
const Member = page(() => import('./routes/member'));
const AccountGames = page(() => import('./routes/account-games'));
const Lottery = page(() => import('./routes/lottery'));
const Seamless = page(() => import('./routes/seamless'));
const NotFound = page(() => import('./routes/not-found'));
const Play = page(() => import('./routes/play'));
const AgentLogin = page(() => import('./routes/agent-login'));
const AgentHome = page(() => import('./routes/agent-home'));
const Ops = page(() => import('./routes/ops'));
const CustomerService = page(() => import('./routes/customer-service'));

const each = (list: readonly string[], Element: ComponentType) =>
  list.map((path) => <Route key={path} path={path} element={<Element />} />);

/** The route table of spec §2. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        {/* The customer-service popup: its own page and its own real-time connection (member or visitor). */}
        <Route
          path={paths.customerService}
          element={
            <Suspense fallback={<PageLoader />}>
              <CustomerService />
            </Suspense>
          }
        />
        <Route element={<RootShell />}>
          <Route element={<MainLayout />}>
            {/* `/`, `/index`, `/login` and `/register` share one page; the last two open their modal. */}
            {each([paths.home, ...paths.homeAliases, paths.login, paths.register], Home)}
            <Route path={paths.help} element={<Help />} />
            {each([paths.sports, paths.esports, paths.lott, paths.elott], GameCentre)}
            {each([paths.live, paths.fish, paths.rng, paths.pvp], GameList)}
            <Route path={paths.liveTable} element={<LiveTable />} />
            <Route path={paths.pvpRoom} element={<PvpRoom />} />
            <Route path={paths.promotions} element={<Promotions />} />
            <Route path={paths.pointMall} element={<PointMall />} />
            <Route path={paths.download} element={<AppDownload />} />
            <Route path={paths.fair} element={<Fair />} />
            <Route element={<RequireToken />}>
              <Route element={<RequireRealAccount />}>
                <Route path={paths.member} element={<Member />} />
              </Route>
              {each([paths.favorite, paths.recent], AccountGames)}
              {each([paths.lottery, paths.seaLottery, paths.vnLottery], Lottery)}
              <Route path={paths.seamless} element={<Seamless />} />
              <Route path={paths.chatRoom} element={<ChatRoom />} />
            </Route>
            <Route path="*" element={<NotFound />} />
          </Route>
          {/* A launched house game fills the viewport: no site header or menu (it runs in an iframe). */}
          <Route path={paths.play} element={<Play />} />
          <Route element={<AgentLayout />}>
            <Route path={paths.agentLogin} element={<AgentLogin />} />
            <Route element={<RequireAgent />}>
              <Route path={paths.agentHome} element={<AgentHome />} />
            </Route>
            {/* The operator page: its own login and token, nothing of the player session. */}
            <Route path={`${paths.ops}/*`} element={<Ops />} />
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
