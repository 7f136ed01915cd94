import { Suspense, lazy, useMemo, useReducer, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FilterTabs, Section } from '../../../components/section';
import { useBrand } from '../../../lib/permission';
import { useSessionStore } from '../../../lib/session-store';
import { useUiStore } from '../../../lib/ui-store';
import { useAnnouncementsQuery, useVendorLanesQuery } from '../api/lobby';
import { useLaunchGame } from '../hooks/use-launch-game';
import { isFirstLogin, popupsFor, popupsSuppressed, suppressPopups } from '../lib/popups';
import { BannerCarousel } from './banner-carousel';
import { firstBanner } from '../../../lib/first-paint';
import { BannerPlaceholder, MarqueePlaceholder, SectionSkeleton } from './home-skeleton';
import type { HomeTab } from './lobby-sections';
import { NoticeMarquee } from './notice-marquee';
import { WinnerBoardPanel } from './winner-board-panel';

// Below the fold and data-bound: they load in parallel with their data, not with the first paint.
const LobbySections = lazy(() => import('./lobby-sections'));
const AnnouncementPopups = lazy(() => import('./announcement-popups'));

const sectionTabs = ['RNG', 'FISH', 'LIVE', 'PVP'] as const;

/**
 * Spec §2 home: the w_home banners (the brand welcome when there are none), the notice marquee,
 * the lobby category menu, the sections, the sports banner and the winner board.
 */
export default function HomeLobby() {
  const { t } = useTranslation(['lobby', 'common']);
  const brand = useBrand();
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const [tab, setTab] = useState<HomeTab>('HOME');
  const announcements = useAnnouncementsQuery();
  const lanes = useVendorLanesQuery();
  const launch = useLaunchGame();
  const banners = useMemo(
    () => (announcements.data?.banners ?? []).filter((b) => b.groupName === 'w_home'),
    [announcements.data],
  );
  const offered = sectionTabs.filter((c) => lanes.data?.some((l) => l.title === c && l.cards.length > 0));
  const sports = lanes.data?.find((l) => l.title === 'SPORTS')?.cards[0];

  // Spec §4: a visitor choosing favourites is asked to log in; after a logout FAV falls back to HOME.
  const current: HomeTab = !token && tab === 'FAV' ? 'HOME' : tab;
  const chooseTab = (next: HomeTab) => {
    if (next === 'FAV' && !token) return openModal('login');
    setTab(next);
  };

  const labels: Record<(typeof sectionTabs)[number], string> = {
    RNG: t('common:con_rng'),
    FISH: t('common:con_fish'),
    LIVE: t('common:con_live'),
    PVP: t('pvp_promo'),
  };

  return (
    <div className="home">
      {/* The banners replace the welcome hero; the page keeps its one top-level heading. */}
      {(banners.length > 0 || announcements.isPending) && (
        <h1 className="visually-hidden">{t('hero_title', { brand: brand.name })}</h1>
      )}
      {/* Until the announcements arrive their boxes are held at their final size. */}
      {announcements.isPending ? (
        <BannerPlaceholder image={firstBanner} />
      ) : banners.length > 0 ? (
        <BannerCarousel banners={banners} />
      ) : (
        announcements.isSuccess && <BrandHero />
      )}
      {announcements.isPending ? (
        <MarqueePlaceholder />
      ) : (
        <NoticeMarquee notices={announcements.data?.player ?? []} />
      )}
      <FilterTabs
        label={t('lobby_menu')}
        value={current}
        onChange={chooseTab}
        items={[
          { key: 'HOME', label: t('local_lobby') },
          { key: 'FAV', label: t('local_fav') },
          ...offered.map((c) => ({ key: c, label: labels[c] })),
        ]}
      />
      <div className="home__grid">
        <div className="home__sections">
          <Suspense
            fallback={
              <div className="lobby-sections">
                <SectionSkeleton />
              </div>
            }
          >
            <LobbySections tab={current} loggedIn={!!token} />
          </Suspense>
          {sports && current === 'HOME' && (
            <button type="button" className="sports-banner" onClick={() => void launch(sports)}>
              <span className="sports-banner__title">{t('common:con_sports')}</span>
              <span className="sports-banner__text">
                {t('sports_banner_text', { vendor: sports.displayName })}
              </span>
              <span className="button button--primary">{t('play_now')}</span>
            </button>
          )}
          {/* Without a sports vendor the banner opens the house sportsbook. */}
          {!sports && lanes.data && current === 'HOME' && (
            <Link to={paths.sports} className="sports-banner">
              <span className="sports-banner__title">{t('common:con_sports')}</span>
              <span className="sports-banner__text">{t('sports_banner_house')}</span>
              <span className="button button--primary">{t('play_now')}</span>
            </Link>
          )}
        </div>
        <aside className="home__winners">
          <Section title={t('winner_board')} id="winners">
            <WinnerBoardPanel />
          </Section>
        </aside>
      </div>
      <HomePopups popups={announcements.data?.popup ?? []} loggedIn={!!token} />
    </div>
  );
}

type Popups = NonNullable<ReturnType<typeof useAnnouncementsQuery>['data']>['popup'];

/** Spec §4 popups: filtered by execution and login state; closing ends them for the session. */
function HomePopups({ popups, loggedIn }: { popups: Popups; loggedIn: boolean }) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // A dialog the visitor opened (login, register from an invitation link…) comes first: the
  // popups wait until it is closed rather than covering it.
  const dialogOpen = useUiStore((s) => s.modal !== null);
  const shown = popupsSuppressed(loggedIn) ? [] : popupsFor(popups, { loggedIn, firstLogin: isFirstLogin() });
  if (shown.length === 0 || dialogOpen) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementPopups
        key={loggedIn ? 'user' : 'anon'}
        popups={shown}
        onClose={() => {
          suppressPopups(loggedIn);
          rerender();
        }}
      />
    </Suspense>
  );
}

/** The brand's welcome, shown on home when the brand has no home banners. */
function BrandHero() {
  const { t } = useTranslation(['lobby', 'common']);
  const brand = useBrand();
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  return (
    <section className="hero">
      <div className="hero__text">
        <h1>{t('hero_title', { brand: brand.name })}</h1>
        <p>{t('common:brand_tagline')}</p>
        {!token && (
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() => openModal('register')}
          >
            {t('hero_cta')}
          </button>
        )}
      </div>
      <div className="hero__art" aria-hidden="true">
        <svg viewBox="0 0 320 200">
          <circle cx="230" cy="90" r="70" className="hero__orb" />
          <rect
            x="60"
            y="40"
            width="90"
            height="126"
            rx="12"
            className="hero__card hero__card--back"
            transform="rotate(-12 105 103)"
          />
          <rect
            x="110"
            y="44"
            width="90"
            height="126"
            rx="12"
            className="hero__card"
            transform="rotate(8 155 107)"
          />
          <path
            d="M155 88c-12 14-22 22-22 32a11 11 0 0 0 20 6l-4 14h12l-4-14a11 11 0 0 0 20-6c0-10-10-18-22-32Z"
            className="hero__suit"
          />
        </svg>
      </div>
    </section>
  );
}
