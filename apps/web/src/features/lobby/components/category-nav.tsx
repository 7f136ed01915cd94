import '../lobby.css';
import { Suspense, lazy } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useVendorLanesQuery } from '../api/lobby';

// The category menu needs the vendor lanes before it can show anything more than Home and
// Promotions, so its code loads alongside that read instead of before the first paint.
const CategoryMenu = lazy(() => import('./category-menu'));
const ClassifyMenus = lazy(() => import('./side-classify-menus'));

/** The header's category navigation (spec §2). */
export function CategoryNav() {
  const { t } = useTranslation();
  useVendorLanesQuery();
  const fallback = (
    <>
      <NavLink to={paths.home} end className="app-header__link">
        {t('hd_home')}
      </NavLink>
      <NavLink to={paths.promotions} className="app-header__link">
        {t('hd_event')}
      </NavLink>
    </>
  );
  return (
    <Suspense fallback={fallback}>
      <CategoryMenu />
    </Suspense>
  );
}

/** The side menu's per-category classify menus (spec §2). */
export function SideClassifyMenus({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Suspense fallback={null}>
      <ClassifyMenus onNavigate={onNavigate} />
    </Suspense>
  );
}
