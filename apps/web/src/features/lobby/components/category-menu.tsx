import type { VendorCard } from '@arcadia/contract';
import { Suspense, lazy, type MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { NavLink, useNavigate } from 'react-router';
import { useVendorLanesQuery } from '../api/lobby';
import { useLaunchGame } from '../hooks/use-launch-game';
import {
  LARGE_DROPDOWN_FROM,
  type NavCategory,
  categoryClick,
  categoryLabelKey,
  categoryPath,
  navCategories,
} from '../lib/categories';
import { useLobbyUi } from '../lib/lobby-store';
import { VendorTile } from './vendor-tile';

const VendorGamesModal = lazy(() => import('./vendor-games-modal'));
const NoticeModal = lazy(() => import('./notice-modal'));

/**
 * The header navigation of spec §2 (loaded by `CategoryNav`): Home, each game category with vendors, Promotions. Hovering
 * (or focusing) a category shows its vendors; clicking follows the category click rule.
 */
export default function CategoryMenu() {
  const { t } = useTranslation(['common', 'lobby']);
  const navigate = useNavigate();
  const launch = useLaunchGame();
  const { data: lanes = [] } = useVendorLanesQuery();
  const categories = navCategories(lanes);
  const cardsOf = (c: string): VendorCard[] => lanes.find((l) => l.title === c)?.cards ?? [];

  const onCategory = (e: MouseEvent, category: NavCategory) => {
    const cards = cardsOf(category);
    const rule = categoryClick(category, cards.length);
    e.preventDefault();
    if (rule.kind === 'page') void navigate(rule.path);
    else if (cards[0]) void launch(cards[0]);
  };

  return (
    <>
      <NavLink to={categoryPath.HOME} end className="app-header__link">
        {t('hd_home')}
      </NavLink>
      {categories.map((c) => {
        const cards = cardsOf(c);
        const label = c === 'ELOTT' ? t('in_elott_Handicap') : t(categoryLabelKey[c]);
        return (
          <div key={c} className="nav-category">
            <NavLink
              to={categoryPath[c]}
              className="app-header__link"
              aria-haspopup="true"
              onClick={(e) => onCategory(e, c)}
            >
              {label}
            </NavLink>
            <div
              className={`nav-dropdown${cards.length >= LARGE_DROPDOWN_FROM ? ' nav-dropdown--large' : ''}`}
              role="group"
              aria-label={t('lobby:vendors_of', { category: label })}
            >
              {cards.map((card) => (
                <VendorTile key={card.vassalage} card={card} onOpen={() => void launch(card)} />
              ))}
            </div>
          </div>
        );
      })}
      <NavLink to={categoryPath.PROMO} className="app-header__link">
        {t('hd_event')}
      </NavLink>
      <LobbyOverlays />
    </>
  );
}

/** The lobby's dialogs that any page can open; each loads on first use. */
function LobbyOverlays() {
  const vendorPopup = useLobbyUi((s) => s.vendorPopup);
  const noticeOpen = useLobbyUi((s) => s.noticeOpen);
  return (
    <Suspense fallback={null}>
      {vendorPopup && <VendorGamesModal />}
      {noticeOpen !== null && <NoticeModal />}
    </Suspense>
  );
}
