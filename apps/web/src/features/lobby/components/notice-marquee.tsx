import { useTranslation } from '../../../lib/i18n';
import type { Notice } from '../api/lobby';
import { useLobbyUi } from '../lib/lobby-store';

/**
 * Spec §2 notice marquee: the notices' titles scroll by; each opens the notice modal on itself.
 * The animation stops on hover and focus, and for reduced motion (CSS).
 */
export function NoticeMarquee({ notices }: { notices: readonly Notice[] }) {
  const { t } = useTranslation('lobby');
  const openNotices = useLobbyUi((s) => s.openNotices);
  if (notices.length === 0) return null;
  return (
    <div className="marquee" role="region" aria-label={t('notices')}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="marquee__icon">
        <path
          d="M4 10v4h3l5 4V6L7 10H4Zm12-1a4 4 0 0 1 0 6m2-9a8 8 0 0 1 0 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div className="marquee__viewport">
        <ul className="marquee__track" style={{ animationDuration: `${Math.max(20, notices.length * 12)}s` }}>
          {/* Two copies scrolled by half their width make a seamless loop; the copy is hidden. */}
          {[0, 1].flatMap((copy) =>
            notices.map((n) => (
              <li key={`${copy}-${n.id}`} aria-hidden={copy === 1 || undefined}>
                <button
                  type="button"
                  className="marquee__item"
                  tabIndex={copy === 1 ? -1 : undefined}
                  onClick={() => openNotices(n.id)}
                >
                  {n.title}
                </button>
              </li>
            )),
          )}
        </ul>
      </div>
    </div>
  );
}
