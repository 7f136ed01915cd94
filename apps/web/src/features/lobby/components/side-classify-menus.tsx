import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/permission';
import { useVendorLanesQuery } from '../api/lobby';
import { useLaunchGame } from '../hooks/use-launch-game';
import { categoryLabelKey, categoryPath, navCategories, rngSubCategories } from '../lib/categories';
import { classifyLabelKey } from './sub-category-tabs';

/**
 * The side menu's per-category classify menus (spec §2): each category with vendors expands to
 * its vendors; slots also list their sub-categories and, as in the original, a fishing entry.
 */
export default function SideClassifyMenus({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation(['common', 'lobby']);
  const brand = useBrand();
  const navigate = useNavigate();
  const launch = useLaunchGame();
  const { data: lanes = [] } = useVendorLanesQuery();
  const [open, setOpen] = useState<string | null>(null);
  const go = (to: string) => {
    void navigate(to);
    onNavigate?.();
  };
  return (
    <ul className="side-menu__group side-classify">
      {navCategories(lanes).map((c) => {
        const cards = lanes.find((l) => l.title === c)?.cards ?? [];
        const label = c === 'ELOTT' ? t('in_elott_Handicap') : t(categoryLabelKey[c]);
        const expanded = open === c;
        return (
          <li key={c}>
            <button
              type="button"
              className="side-menu__item side-classify__head"
              aria-expanded={expanded}
              onClick={() => setOpen(expanded ? null : c)}
            >
              <span>{label}</span>
              <svg
                viewBox="0 0 24 24"
                width="14"
                height="14"
                aria-hidden="true"
                className="side-classify__chevron"
              >
                <path
                  d="m6 9 6 6 6-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
            {expanded && (
              <ul className="side-classify__list">
                <li>
                  <button type="button" className="side-classify__item" onClick={() => go(categoryPath[c])}>
                    {t('lobby:all_vendors')}
                  </button>
                </li>
                {c === 'RNG' &&
                  [...rngSubCategories(brand.supportLanguages), 'FISH'].map((key) => (
                    <li key={key}>
                      <button
                        type="button"
                        className="side-classify__item"
                        onClick={() => go(key === 'FISH' ? paths.fish : `${paths.rng}?classify=${key}`)}
                      >
                        {key === 'FISH'
                          ? t('con_fish')
                          : t(`lobby:${classifyLabelKey[key as keyof typeof classifyLabelKey]}`)}
                      </button>
                    </li>
                  ))}
                {cards.map((card) => (
                  <li key={card.vassalage}>
                    <button
                      type="button"
                      className="side-classify__item"
                      onClick={() => {
                        void launch(card);
                        onNavigate?.();
                      }}
                    >
                      {card.displayName}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
