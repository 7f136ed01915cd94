import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { Header } from '../../components/header';
import { SideMenu } from '../../components/side-menu';
import { useUnreadMessage } from '../../features/inbox/api/inbox';
import { useRewardCount } from '../../features/rewards/api/promotions';
import { useAvailablePromo } from '../../features/rewards/api/referral';
import { CategoryNav, SideClassifyMenus } from '../../features/lobby/components/category-nav';
import { isGamePage } from '../../config/paths';
import { useUiStore } from '../../lib/ui-store';
import { NavigationEffects } from '../navigation-effects';

// The account area (avatar menu and its library) loads for logged-in users only.
const HeaderAccount = lazy(() => import('../header-account'));
// Below the fold, and the header's rewards and share items (spec §2): after the first paint.
const Footer = lazy(() => import('../../components/footer').then((m) => ({ default: m.Footer })));
const HeaderRewards = lazy(() =>
  import('../../features/rewards/components/header-rewards').then((m) => ({ default: m.HeaderRewards })),
);

/** Side menu, header, content and footer; the side menu is hidden on game pages (spec §2). */
export function MainLayout() {
  const { pathname } = useLocation();
  const gamePage = isGamePage(pathname);
  const { sideMenuOpen, setSideMenu } = useUiStore();
  const unreadMessages = useUnreadMessage();
  const rewards = useRewardCount();
  const promo = useAvailablePromo();

  return (
    <div
      className={`shell${sideMenuOpen && !gamePage ? ' shell--side-open' : ''}${gamePage ? ' shell--game' : ''}`}
    >
      <NavigationEffects />
      {!gamePage && (
        <SideMenu
          classify={<SideClassifyMenus onNavigate={() => window.innerWidth < 1024 && setSideMenu(false)} />}
          badges={{ messageV2: unreadMessages, rewardCenter: rewards }}
          referral={promo.REFERRAL.enabled}
        />
      )}
      {sideMenuOpen && !gamePage && (
        <div className="shell__scrim" onClick={() => setSideMenu(false)} aria-hidden="true" />
      )}
      <div className="shell__main">
        <Header
          nav={<CategoryNav />}
          extras={
            <Suspense fallback={null}>
              <HeaderRewards />
            </Suspense>
          }
          account={
            <Suspense fallback={null}>
              <HeaderAccount />
            </Suspense>
          }
        />
        <main className="shell__content" id="content">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </div>
    </div>
  );
}
