import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import type { SeamlessState } from '../hooks/use-launch-game';

/**
 * `/seamless` hosts the launched game full height (the layout hides the side menu on game
 * pages). The address comes from the launch, in the navigation state, so a reload keeps it and
 * a shared link does not carry a member's game session.
 */
export function SeamlessGame() {
  const { t } = useTranslation(['lobby', 'common']);
  const navigate = useNavigate();
  const state = useLocation().state as SeamlessState | null;
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home));
  return (
    <div className="seamless">
      <div className="seamless__bar">
        <button type="button" className="button button--small" onClick={() => void back()}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="flip-x">
            <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('back')}
        </button>
        <h1 className="seamless__title">{state?.title ?? t('game_page_title')}</h1>
      </div>
      {state?.url ? (
        <iframe
          className="seamless__frame"
          src={state.url}
          title={state.title}
          allow="autoplay; fullscreen; clipboard-write"
          allowFullScreen
        />
      ) : (
        <EmptyState message={t('no_game_selected')} />
      )}
    </div>
  );
}
