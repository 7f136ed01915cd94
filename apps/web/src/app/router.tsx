import { type RouteObject, createBrowserRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { AgentLayout } from './layouts/agent-layout';
import { MainLayout } from './layouts/main-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { RequireAgent, RequireRealAccount, RequireToken } from './route-guard';
import { RootShell } from './root-shell';

type Lazy = () => Promise<{ default: React.ComponentType }>;
/** One chunk per page: a route's code loads when the route is first visited. */
const page = (load: Lazy) => async () => ({ Component: (await load()).default });

const home = page(() => import('./routes/home'));
const gameCentre = page(() => import('./routes/game-centre'));
const gameList = page(() => import('./routes/game-list-centre'));
const accountGames = page(() => import('./routes/account-games'));
const lottery = page(() => import('./routes/lottery'));

const at = (path: string, lazy: RouteObject['lazy']): RouteObject => ({ path, lazy });

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <MainLayout />,
        children: [
          // `/`, `/index`, `/login` and `/register` share one page; the last two open their modal.
          ...[paths.home, ...paths.homeAliases, paths.login, paths.register].map((p) => at(p, home)),
          at(
            paths.help,
            page(() => import('./routes/help')),
          ),
          ...[paths.sports, paths.esports, paths.lott, paths.elott].map((p) => at(p, gameCentre)),
          ...[paths.live, paths.fish, paths.rng, paths.pvp].map((p) => at(p, gameList)),
          at(
            paths.promotions,
            page(() => import('./routes/promotions')),
          ),
          at(
            paths.pointMall,
            page(() => import('./routes/point-mall')),
          ),
          at(
            paths.fair,
            page(() => import('./routes/fair')),
          ),
          {
            element: <RequireToken />,
            children: [
              {
                element: <RequireRealAccount />,
                children: [
                  at(
                    paths.member,
                    page(() => import('./routes/member')),
                  ),
                ],
              },
              ...[paths.favorite, paths.recent].map((p) => at(p, accountGames)),
              ...[paths.lottery, paths.seaLottery, paths.vnLottery].map((p) => at(p, lottery)),
              at(
                paths.seamless,
                page(() => import('./routes/seamless')),
              ),
            ],
          },
          at(
            '*',
            page(() => import('./routes/not-found')),
          ),
        ],
      },
      // A launched house game fills the viewport: no site header or menu (it runs in an iframe).
      at(
        paths.play,
        page(() => import('./routes/play')),
      ),
      {
        element: <AgentLayout />,
        children: [
          at(
            paths.agentLogin,
            page(() => import('./routes/agent-login')),
          ),
          {
            element: <RequireAgent />,
            children: [
              at(
                paths.agentHome,
                page(() => import('./routes/agent-home')),
              ),
            ],
          },
          // The operator page: its own login and token, nothing of the player session.
          at(
            paths.ops,
            page(() => import('./routes/ops')),
          ),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
