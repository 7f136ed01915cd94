import { Suspense, useState } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import '../operator.css';
import { useTranslation } from '../../../lib/i18n';
import { LanguageSelect } from '../../../components/language-select';
import { ThemeToggle } from '../../../components/theme-toggle';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type OpsBrand, type OpsIdentity, useOpsIdentity, useOpsLogout } from '../api/operator';
import { useOpsSession } from '../api/ops-client';
import { OpsLogin } from './ops-login';
import { opsPages } from '../pages/registry';

/** The operator's brand: its own when bound to one, else the one picked (the site's by default). */
function useBrandChoice(identity: OpsIdentity, preferred: string | undefined) {
  const codes = identity.brands.map((b) => b.code);
  const initial =
    identity.merchantCode ?? (preferred && codes.includes(preferred) ? preferred : (codes[0] ?? null));
  const [picked, setPicked] = useState<string | null>(initial);
  const brand = identity.brands.find((b) => b.code === picked) ?? identity.brands[0];
  return [brand, setPicked] as const;
}

/** Absolute, so the routes match whether or not the console sits under an `/ops/*` route. */
const opsPath = (segment: string) => (segment ? `/ops/${segment}` : '/ops');

/** The menu of the pages the operator's role may open, and the open page beside it. */
function Pages({ identity, brand }: { identity: OpsIdentity; brand: OpsBrand }) {
  const { t } = useTranslation('operator');
  const pages = opsPages.filter((p) => p.visible(identity));
  return (
    <div className="ops-layout">
      <nav className="ops-nav" aria-label={t('nav.label')}>
        {pages.map((p) => (
          <NavLink key={p.path} to={opsPath(p.path)} end className="ops-nav__link">
            {t(`nav.${p.label}`)}
          </NavLink>
        ))}
      </nav>
      <main className="ops-main">
        <Suspense
          fallback={
            <p className="ops-card__state" role="status">
              <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
            </p>
          }
        >
          <Routes>
            {/* Each page twice: relative to the app's `/ops/*` route that renders the console
                ('/' is the first page), and whole (`/ops/...`) where the console is rendered alone. */}
            {pages.flatMap(({ path, Component }) =>
              [path || '/', opsPath(path)].map((routePath) => (
                <Route
                  key={routePath}
                  path={routePath}
                  // Keyed by brand: switching brands starts every page's state afresh.
                  element={<Component key={brand.code} brand={brand} identity={identity} />}
                />
              )),
            )}
            {pages[0] && <Route path="*" element={<Navigate to={opsPath(pages[0].path)} replace />} />}
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}

function Console({ identity, siteBrand }: { identity: OpsIdentity; siteBrand: string | undefined }) {
  const { t } = useTranslation('operator');
  const logout = useOpsLogout();
  const [brand, setBrand] = useBrandChoice(identity, siteBrand);
  return (
    <div className="ops">
      <header className="ops-bar">
        <div className="ops-bar__title">
          <strong>{t('title')}</strong>
          {brand && identity.brands.length > 1 ? (
            <label className="ops-brand">
              <span className="visually-hidden">{t('brand')}</span>
              <select
                className="field__input"
                value={brand.code}
                onChange={(e) => setBrand(e.target.value)}
                aria-label={t('brand')}
              >
                {identity.brands.map((b) => (
                  <option key={b.code} value={b.code}>
                    {b.name} ({b.code})
                  </option>
                ))}
              </select>
            </label>
          ) : (
            brand && <span className="ops-brand">{brand.name}</span>
          )}
        </div>
        <div className="ops-bar__meta">
          <span className="ops-who">
            <span>{identity.username}</span>
            <span className="ops-role">{t(`role_${identity.role}`)}</span>
          </span>
          <LanguageSelect />
          <ThemeToggle />
          <button
            type="button"
            className="button button--small"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            {t('logout')}
          </button>
        </div>
      </header>
      {brand ? (
        <Pages identity={identity} brand={brand} />
      ) : (
        <p className="ops-main muted">{t('no_brand')}</p>
      )}
    </div>
  );
}

/**
 * The operator page: the login form without an operator session, else the payment queue of the
 * brand, the manual adjustment form and the audit log, as far as the operator's role allows.
 */
export function OperatorConsole({ siteBrand }: { siteBrand?: string }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const token = useOpsSession((s) => s.token);
  const identity = useOpsIdentity();

  if (!token) {
    return (
      <div className="ops ops--login">
        <header className="ops-bar">
          <strong className="ops-bar__title">{t('title')}</strong>
          <div className="ops-bar__meta">
            <LanguageSelect />
            <ThemeToggle />
          </div>
        </header>
        <OpsLogin />
      </div>
    );
  }
  if (identity.data) return <Console identity={identity.data} siteBrand={siteBrand} />;
  return (
    <div className="ops ops--login">
      {identity.error ? (
        <div className="ops-card ops-card__state">
          <p className="form__error" role="alert">
            {errorText(identity.error)}
          </p>
          <button type="button" className="button" onClick={() => void identity.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      )}
    </div>
  );
}
