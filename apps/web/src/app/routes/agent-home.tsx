import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { openCustomerService } from '../../components/customer-service-button';
import { agentMenu, defaultAgentPage } from '../../config/agent-menu';
import { usePermission, useWhitelabel } from '../../lib/permission';
import { session } from '../../lib/storage';
import { useUiStore } from '../../lib/ui-store';

function gmtOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `GMT${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The live clock of the agent header, refreshed every second (spec §2, §9). */
function useClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** `/agentHome`: header with time zone, clock, nickname and logout; left navigation; right panel. */
export default function AgentHomePage() {
  const { t, i18n } = useTranslation('agent');
  const status = usePermission();
  const wl = useWhitelabel();
  const openModal = useUiStore((s) => s.openModal);
  const now = useClock();
  const [params, setParams] = useSearchParams();
  const entries = agentMenu.filter((e) => !e.gate || e.gate(wl));
  const page = entries.some((e) => e.page && e.page === params.get('page'))
    ? params.get('page')!
    : defaultAgentPage;
  const name = session.get('nickname') || session.get('account') || '';

  const select = (key: string, pagePath?: string) => {
    if (pagePath) return setParams({ page: pagePath });
    if (key === 'customerService') {
      const cs = status.info.customerService[0];
      if (cs) openCustomerService(cs.path);
      return;
    }
    setParams({ page: key });
  };

  // The same confirmed logout as the player site (spec §4); the root shell hosts the dialog.
  const logout = () => openModal('logout');

  const current =
    params.get('page') && !entries.some((e) => e.page === params.get('page')) ? params.get('page')! : page;
  return (
    <div className="agent-home">
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
          <button type="button" className="link-button" onClick={logout}>
            {t('logout')}
          </button>
        </div>
      </header>
      <div className="panel-layout">
        <nav className="panel-layout__nav" aria-label={t('agent_center')}>
          <ul>
            {entries.map((e) => (
              <li key={e.key}>
                <button
                  type="button"
                  className="panel-layout__link"
                  aria-current={(e.page ?? e.key) === current ? 'page' : undefined}
                  onClick={() => select(e.key, e.page)}
                >
                  {t(e.key as 'deposit')}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="panel-layout__panel" aria-label={t(current as 'deposit')}>
          <h2>{t(current as 'deposit')}</h2>
          <EmptyState />
        </section>
      </div>
    </div>
  );
}
