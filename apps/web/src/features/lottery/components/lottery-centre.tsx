import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useLotteryMenus } from '../api/lottery';
import '../lottery.css';

/** Where a game is played: LOTT and ELOTT games on /lottery, VN on /vnLottery, SEA on /seaLottery. */
const pageOf = (kind: string) => (kind === 'VN' ? '/vnLottery' : kind === 'SEA' ? '/seaLottery' : '/lottery');

/**
 * The house lottery's games in a game centre (/lott lists the lotteries, /elott the electronic
 * ones), by family, each with its issue on sale and a link to its betting page.
 */
export function LotteryCentre({ kinds }: { kinds: readonly ('LOTT' | 'ELOTT' | 'VN' | 'SEA')[] }) {
  const { t } = useTranslation('lottery');
  const lott = useLotteryMenus('lott');
  const vn = useLotteryMenus('vn');
  const sea = useLotteryMenus('sea');
  const games = [...(lott.data ?? []), ...(vn.data ?? []), ...(sea.data ?? [])]
    .flatMap((g) => g.gameMenus)
    .filter((g) => (kinds as readonly string[]).includes(g.kind));
  if (games.length === 0) return null;
  return (
    <section className="lottery-centre" aria-label={t('house_lottery')}>
      <h2 className="lottery-section__title">{t('house_lottery')}</h2>
      <ul className="lottery-centre__list">
        {games.map((g) => (
          <li key={g.gameId} className="lottery-centre__card">
            <Link
              to={`${pageOf(g.kind)}?game=${encodeURIComponent(g.gameId)}`}
              className="lottery-centre__link"
            >
              <strong>{g.gameName}</strong>
              <span className="muted">{t(`family.${g.family}`)}</span>
              {g.current && (
                <span className="lottery-centre__issue">
                  {t('current_issue')}: {g.current.numero}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
