import { useTranslation } from '../../lib/i18n';
import { useLocation } from 'react-router';
import { ChatModels } from '../../features/chat/components/chat-models';
import { GameListCentre } from '../../features/lobby/components/game-list-centre';
import { paths } from '../../config/paths';

const categories = {
  [paths.live]: { category: 'LIVE', title: 'con_live' },
  [paths.fish]: { category: 'FISH', title: 'con_fish' },
  [paths.rng]: { category: 'RNG', title: 'con_rng' },
  [paths.pvp]: { category: 'PVP', title: 'con_pvp' },
} as const;

/** Game list centre (spec §2): /live, /fish, /rng, /pvp. */
export default function GameListCentrePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { category, title } = categories[pathname as keyof typeof categories] ?? categories[paths.rng];
  // Keyed by category: filters, search and page start afresh on another category.
  return (
    <GameListCentre key={category} category={category} title={t(title)}>
      {/* The live centre also shows the live chat hosts (spec §1 "live chat models"). */}
      {category === 'LIVE' && <ChatModels />}
    </GameListCentre>
  );
}
