import { useTranslation } from '../../lib/i18n';
import { useLocation } from 'react-router';
import { GameCentre } from '../../features/lobby/components/game-centre';
import { LotteryCentre } from '../../features/lottery/components/lottery-centre';
import { Sportsbook } from '../../features/sports/components/sportsbook';
import { paths } from '../../config/paths';

const categories = {
  [paths.sports]: { category: 'SPORTS', title: 'con_sports' },
  [paths.esports]: { category: 'ESPORTS', title: 'compete_game' },
  [paths.lott]: { category: 'LOTT', title: 'con_lott' },
  [paths.elott]: { category: 'ELOTT', title: 'in_elott_Handicap' },
} as const;

/** Game centre (spec §2): /sports, /esports, /lott, /elott list the category's vendors (the lottery centres the house lottery's games, the sports centres the house sportsbook). */
export default function GameCentrePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { category, title } = categories[pathname as keyof typeof categories] ?? categories[paths.sports];
  // The house lottery's own games join the lottery centres: /lott the lotteries, /elott the electronic ones.
  const lottery =
    category === 'LOTT'
      ? (['LOTT', 'VN', 'SEA'] as const)
      : category === 'ELOTT'
        ? (['ELOTT'] as const)
        : null;
  return (
    <GameCentre category={category} title={t(title)}>
      {lottery && <LotteryCentre kinds={lottery} />}
      {/* The house sportsbook: sports then cockfight on /sports (spec §4's split), e-sports on /esports. */}
      {category === 'SPORTS' && <Sportsbook categories={['SPORTS', 'COCKFIGHT']} />}
      {category === 'ESPORTS' && <Sportsbook categories={['ESPORTS']} />}
    </GameCentre>
  );
}
