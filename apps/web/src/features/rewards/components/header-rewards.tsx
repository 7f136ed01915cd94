import { useTranslation } from '../../../lib/i18n';
import { useOpenMemberPage } from '../../../components/use-open-member-page';
import { useSessionStore } from '../../../lib/session-store';
import { useAvailablePromo } from '../api/referral';

/**
 * Spec §2 header items: rewards (the reward centre) and share (invite friends), shown when the
 * referral promotion runs or the visitor is logged out (who is asked to log in first).
 */
export function HeaderRewards() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const promo = useAvailablePromo();
  const open = useOpenMemberPage();
  if (token && !promo.REFERRAL.enabled) return null;
  const items = [
    {
      page: 'rewardCenter',
      label: t('hd_rewards'),
      d: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1.2C7 7 9 7 12 7Zm0 0c1.5-3 5-3.5 5-1.2C17 7 15 7 12 7Z',
    },
    {
      page: 'referral',
      label: t('hd_share'),
      d: 'M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm12 6a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM8.6 10.5l6.8-3.9M8.6 13.5l6.8 3.9',
    },
  ];
  return (
    <>
      {items.map((item) => (
        <button
          key={item.page}
          type="button"
          className="icon-button hide-narrow"
          onClick={() => open(item.page)}
          aria-label={item.label}
          title={item.label}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d={item.d}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      ))}
    </>
  );
}
