import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { FilterTabs, Section } from '../../components/section';
import { useBrand } from '../../lib/permission';
import { useSessionStore } from '../../lib/session-store';
import { useUiStore } from '../../lib/ui-store';

type Tab = 'HOME' | 'FAV';

/** Spec §2 home: hero, lobby category menu, the lobby sections and the winner board. */
export default function HomePage() {
  const { t } = useTranslation(['lobby', 'common']);
  const brand = useBrand();
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const [tab, setTab] = useState<Tab>('HOME');

  const chooseTab = (next: Tab) => {
    // Spec §2: choosing favourites while logged out opens the login popup.
    if (next === 'FAV' && !token) return openModal('login');
    setTab(next);
  };

  const sections = [
    { key: 'HOT', title: t('popular_nav') },
    ...(token ? [{ key: 'FAV', title: t('local_fav') }] : []),
    { key: 'RNG', title: t('common:con_rng') },
    { key: 'FISH', title: t('common:con_fish') },
    { key: 'LIVE', title: t('common:con_live') },
    { key: 'PVP', title: t('pvp_promo') },
  ].filter((s) => tab === 'HOME' || s.key === tab);

  return (
    <div className="home">
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

      <FilterTabs
        label={t('local_lobby')}
        value={tab}
        onChange={chooseTab}
        items={[
          { key: 'HOME', label: t('local_lobby') },
          { key: 'FAV', label: t('local_fav') },
        ]}
      />

      <div className="home__grid">
        <div className="home__sections">
          {sections.map((s) => (
            <Section key={s.key} title={s.title} id={`section-${s.key.toLowerCase()}`}>
              <EmptyState />
            </Section>
          ))}
        </div>
        <aside className="home__winners">
          <Section title={t('winner_board')} id="winners">
            <EmptyState />
          </Section>
        </aside>
      </div>
    </div>
  );
}
