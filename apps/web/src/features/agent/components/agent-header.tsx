import { useTranslation } from '../../../lib/i18n';
import { gmtOffset, useClock } from '../hooks/use-clock';

interface AgentHeaderProps {
  /** Nickname, else account. */
  name: string;
  onLogout(): void;
}

/** The agent centre's header (spec §2): time zone, a clock that ticks every second, name, logout. */
export function AgentHeader({ name, onLogout }: AgentHeaderProps) {
  const { t, i18n } = useTranslation('agent');
  const now = useClock();
  return (
    <header className="agent-home__header">
      <strong className="agent-home__title">{t('agent_center')}</strong>
      <div className="agent-home__meta">
        <span>
          {t('time_zone')}: {gmtOffset(now)}
        </span>
        <time dateTime={now.toISOString()} className="agent-home__clock">
          {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(now)}
        </time>
        {name && <span className="agent-home__name">{name}</span>}
        <button type="button" className="link-button" onClick={onLogout}>
          {t('logout')}
        </button>
      </div>
    </header>
  );
}
