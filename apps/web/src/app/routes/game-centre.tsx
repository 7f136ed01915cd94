import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/section';
import { paths } from '../../config/paths';

const titles = {
  [paths.sports]: 'con_sports',
  [paths.esports]: 'compete_game',
  [paths.lott]: 'con_lott',
  [paths.elott]: 'in_elott_Handicap',
} as const;

/** Game centre (spec §2): /sports, /esports, /lott, /elott list the category's vendors. */
export default function GameCentrePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = titles[pathname as keyof typeof titles] ?? 'con_sports';
  return (
    <div className="page">
      <PageHeader title={t(key)} />
      <EmptyState />
    </div>
  );
}
