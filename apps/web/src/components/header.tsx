import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { NavLink } from 'react-router';
import { paths } from '../config/paths';
import { useBrand } from '../lib/permission';
import { useSessionStore } from '../lib/session-store';
import { useUiStore } from '../lib/ui-store';
import { BrandMark } from './brand-mark';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';

/**
 * Spec §2 navigation: Home, one item per game category that has vendors, then Promotions. The
 * `nav` slot (the lobby's category navigation) and the `account` slot (balance, VIP label, user
 * ID and avatar menu) are composed by app/ from the features; without `nav`, Home and Promotions.
 * Logged in, the header shows deposit and withdraw.
 */
export function Header({
  nav,
  account,
  extras,
}: {
  nav?: ReactNode;
  account?: ReactNode;
  /** Items before the theme toggle (spec §2: rewards and share). */
  extras?: ReactNode;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  const { toggleSideMenu, sideMenuOpen, openModal } = useUiStore();
  // A trial account cannot open the member centre (spec §4): it is told to register instead.
  const memberLink = (e: MouseEvent) => {
    if (!isTrial) return;
    e.preventDefault();
    openModal('trialInfo');
  };
  return (
    <header className="app-header">
      <button
        type="button"
        className="icon-button"
        onClick={toggleSideMenu}
        aria-label={sideMenuOpen ? t('close_menu') : t('open_menu')}
        aria-expanded={sideMenuOpen}
        aria-controls="side-menu"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <BrandMark name={brand.name} />
      <nav className="app-header__nav" aria-label={t('menu')}>
        {nav ?? (
          <>
            <NavLink to={paths.home} end className="app-header__link">
              {t('hd_home')}
            </NavLink>
            <NavLink to={paths.promotions} className="app-header__link">
              {t('hd_event')}
            </NavLink>
          </>
        )}
      </nav>
      <div className="app-header__actions">
        {/* Logged in, the account area needs the room; the side menu has the language too. */}
        <LanguageSelect className={token ? 'hide-medium' : 'hide-narrow'} />
        {extras}
        <ThemeToggle />
        {token ? (
          <>
            <NavLink
              to={`${paths.member}?page=depositv2`}
              className="button button--primary hide-narrow"
              onClick={memberLink}
            >
              {t('deposit')}
            </NavLink>
            <NavLink to={`${paths.member}?page=withdraw`} className="button hide-narrow" onClick={memberLink}>
              {t('withdraw')}
            </NavLink>
            {account}
          </>
        ) : (
          <>
            <button type="button" className="button" onClick={() => openModal('login')}>
              {t('login')}
            </button>
            <button type="button" className="button button--primary" onClick={() => openModal('register')}>
              {t('register')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
