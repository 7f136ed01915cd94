import { useState } from 'react';
import '../operator.css';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';
import { ThemeToggle } from '../../../components/theme-toggle';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type OpsIdentity, useOpsIdentity, useOpsLogout } from '../api/operator';
import { mayCall, useOpsSession } from '../api/ops-client';
import { AdjustmentForm } from './adjustment-form';
import { AuditLog } from './audit-log';
import { BookDesk } from './book-desk';
import { LotteryResultsDesk } from './lottery-results-desk';
import { RebateDesk } from './rebate-desk';
import { RewardsReviewDesk } from './rewards-review-desk';
import { RewardsSettingsDesk } from './rewards-settings-desk';
import { InboxComposer } from './inbox-composer';
import { InboxMessages } from './inbox-messages';
import { OpsLogin } from './ops-login';
import { PaymentQueue } from './payment-queue';
import { SupportDesk } from './support-desk';

/** The operator's brand: its own when bound to one, else the one picked (the site's by default). */
function useBrandChoice(identity: OpsIdentity, preferred: string | undefined) {
  const codes = identity.brands.map((b) => b.code);
  const initial =
    identity.merchantCode ?? (preferred && codes.includes(preferred) ? preferred : (codes[0] ?? null));
  const [picked, setPicked] = useState<string | null>(initial);
  const brand = identity.brands.find((b) => b.code === picked) ?? identity.brands[0];
  return [brand, setPicked] as const;
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
        <main className="ops-main">
          {mayCall(identity.role, 'opsSupportList') && (
            <SupportDesk key={`support-${brand.code}`} brand={brand} identity={identity} />
          )}
          <PaymentQueue key={brand.code} brand={brand} role={identity.role} />
          <div className="ops-grid">
            {mayCall(identity.role, 'opsAdjustment') && (
              <AdjustmentForm key={`adjust-${brand.code}`} brand={brand} />
            )}
            {mayCall(identity.role, 'opsAuditList') && <AuditLog key={`audit-${brand.code}`} brand={brand} />}
          </div>
          {mayCall(identity.role, 'opsRebateSummary') && (
            <RebateDesk
              key={`rebate-${brand.code}`}
              brand={brand}
              mayRun={mayCall(identity.role, 'opsRebateRun')}
            />
          )}
          {mayCall(identity.role, 'opsApplications') && (
            <RewardsReviewDesk
              key={`review-${brand.code}`}
              brand={brand}
              mayDecide={mayCall(identity.role, 'opsApplicationReview')}
            />
          )}
          {mayCall(identity.role, 'opsRewardsSettings') && (
            <RewardsSettingsDesk
              key={`settings-${brand.code}`}
              brand={brand}
              mayEdit={mayCall(identity.role, 'opsRewardsSettingsUpdate')}
            />
          )}
          {/* The sportsbook and the lottery's draws are every brand's: their desks are for all-brand admins. */}
          {identity.merchantCode === null && mayCall(identity.role, 'opsSportsResult') && <BookDesk />}
          {identity.merchantCode === null && mayCall(identity.role, 'opsLotteryResult') && (
            <LotteryResultsDesk />
          )}
          {mayCall(identity.role, 'opsInboxSend') && (
            <div className="ops-grid ops-grid--inbox">
              <InboxComposer key={`inbox-compose-${brand.code}`} brand={brand} />
              <InboxMessages key={`inbox-list-${brand.code}`} brand={brand} />
            </div>
          )}
        </main>
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
