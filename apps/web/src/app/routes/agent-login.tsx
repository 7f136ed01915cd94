import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSelect } from '../../components/language-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { paths } from '../../config/paths';
import { LoginPanel } from '../../features/auth/components/login-panel';
import { useBrand } from '../../lib/permission';
import { useUiStore } from '../../lib/ui-store';

/**
 * `/agent` (spec §2): marketing text, login form and the consulting-hours hint. The login is
 * `agent: true` (non-agents are refused with `error_not_agent`); a reply that demands a new
 * password opens the forced change-password modal (rendered by the root shell) first.
 */
export default function AgentLoginPage() {
  const { t } = useTranslation('auth');
  const brand = useBrand();
  const navigate = useNavigate();
  const openModal = useUiStore((s) => s.openModal);
  const points = [t('agent_point_team'), t('agent_point_reports'), t('agent_point_contracts')];
  return (
    <div className="agent-login">
      <div className="agent-login__bar">
        <BrandMark name={brand.name} />
        <div className="row">
          <LanguageSelect />
          <ThemeToggle />
        </div>
      </div>
      <div className="agent-login__body">
        <section className="agent-login__pitch">
          <h1>{t('agent_login_title')}</h1>
          <p className="agent-login__lead">{t('agent_login_lead')}</p>
          <ul className="agent-login__points">
            {points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
        <section className="agent-login__card" aria-labelledby="agent-login-title">
          <h2 id="agent-login-title">{t('login_title')}</h2>
          <LoginPanel
            agent
            accountLabel={t('agent_account')}
            onLoggedIn={({ forcePasswordChange }) =>
              forcePasswordChange ? openModal('changePassword') : void navigate(paths.agentHome)
            }
          />
          <p className="agent-login__hours">{t('agent_consulting_hours')}</p>
        </section>
      </div>
    </div>
  );
}
