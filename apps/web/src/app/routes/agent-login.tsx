import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSelect } from '../../components/language-select';
import { ThemeToggle } from '../../components/theme-toggle';
import { LoginForm } from '../../features/auth/components/login-form';
import { useBrand } from '../../lib/permission';

/** `/agent` (spec §2): marketing text, login form and the consulting-hours hint. */
export default function AgentLoginPage() {
  const { t } = useTranslation('auth');
  const brand = useBrand();
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
          <LoginForm accountLabel={t('agent_account')} />
          <p className="agent-login__hours">{t('agent_consulting_hours')}</p>
        </section>
      </div>
    </div>
  );
}
