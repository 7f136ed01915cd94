import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useBrand } from '../lib/permission';
import { VendorLogo } from './vendor-logo';

/** Spec §1 footer: help links, vendor logos, age notice. */
export function Footer() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <footer className="app-footer">
      <nav className="app-footer__links" aria-label={t('help_center')}>
        {brand.helpLinks.map((term) => (
          <Link key={term} to={`${paths.help}#${term}`}>
            {t(`help_link.${term}` as 'help_link.about', { defaultValue: term })}
          </Link>
        ))}
      </nav>
      <section className="app-footer__vendors" aria-label={t('game_providers')}>
        {brand.vendorLogos.map((code) => (
          <VendorLogo key={code} code={code} className="app-footer__vendor" />
        ))}
      </section>
      <div className="app-footer__legal">
        <span className="age-badge" aria-hidden="true">
          {t('age_badge', { age: brand.ageLimit })}
        </span>
        <p>{t('responsible_gaming_notice', { age: brand.ageLimit })}</p>
        <p className="muted">{t('copyright', { year: new Date().getFullYear(), brand: brand.name })}</p>
      </div>
    </footer>
  );
}
