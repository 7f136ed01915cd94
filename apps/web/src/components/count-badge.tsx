import { useTranslation } from '../lib/i18n';

/**
 * A count beside a menu entry (spec §2: badges on messageV2, missionLeaderboard, rewardCenter when
 * above 0). Nothing at 0; "99+" past 99. Screen readers hear "(3 new)".
 */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className={`count-badge${className ? ` ${className}` : ''}`}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('badge_new', { count })}</span>
    </span>
  );
}
