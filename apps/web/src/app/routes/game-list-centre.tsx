import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FilterTabs, PageHeader } from '../../components/section';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/permission';

const titles = {
  [paths.live]: 'con_live',
  [paths.fish]: 'con_fish',
  [paths.rng]: 'con_rng',
  [paths.pvp]: 'con_pvp',
} as const;

type SubCategory = 'ALL' | 'SC' | 'VP' | 'JP' | 'TG' | 'AC' | 'BG';

/** Game list centre (spec §2): /live, /fish, /rng, /pvp with search and, for slots, sub-categories. */
export default function GameListCentrePage() {
  const { t } = useTranslation(['common', 'lobby']);
  const { pathname } = useLocation();
  const brand = useBrand();
  const [sub, setSub] = useState<SubCategory>('ALL');
  const [search, setSearch] = useState('');
  const key = titles[pathname as keyof typeof titles] ?? 'con_rng';
  const subCategories: { key: SubCategory; label: string }[] = [
    { key: 'ALL', label: t('lobby:sub_all') },
    { key: 'SC', label: t('lobby:in_scratch_music') },
    { key: 'VP', label: t('lobby:video_poker') },
    { key: 'JP', label: t('lobby:jackpot') },
    { key: 'TG', label: t('lobby:table_games') },
    { key: 'AC', label: t('lobby:arcade_games') },
    // Spec §2: bingo only when the brand's language list contains TY.
    ...((brand.supportLanguages as string[]).includes('TY')
      ? [{ key: 'BG' as const, label: t('lobby:bingo') }]
      : []),
  ];
  return (
    <div className="page">
      <PageHeader title={t(key)}>
        <input
          type="search"
          className="search-input"
          placeholder={t('lobby:search_games')}
          aria-label={t('lobby:search_games')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </PageHeader>
      {pathname === paths.rng && (
        <FilterTabs label={t(key)} items={subCategories} value={sub} onChange={setSub} />
      )}
      <EmptyState />
    </div>
  );
}
