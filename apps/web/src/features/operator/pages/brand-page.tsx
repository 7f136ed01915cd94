import type { BrandAdminView } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { mayCall } from '../api/ops-client';
import { fileToBase64, useOpsBrandEdit, useOpsBrandView } from '../brand/api';
import { AvailabilityForm } from '../brand/availability-form';
import { CreateBrandForm } from '../brand/create-form';
import { GeneralForm } from '../brand/general-form';
import { LookForm, ThemePreview } from '../brand/look-form';
import { ModuleTree } from '../brand/module-tree';
import { RulesEditor } from '../brand/rules-editor';
import '../brand/brand.css';
import type { OpsPageProps } from './types';

const TABS = ['general', 'look', 'modules', 'rules', 'availability', 'create'] as const;
type Tab = (typeof TABS)[number];

/** The server's refusal in words, with the fields it names (`request_param_err`). */
function useRefusal() {
  const errorText = useApiErrorText();
  return (err: unknown): string | null => {
    if (!err) return null;
    const fields =
      err instanceof ApiError ? (err.value?.fields as Record<string, unknown> | undefined) : undefined;
    const detail = fields
      ? Object.entries(fields)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join('; ')
      : '';
    return detail ? `${errorText(err)} (${detail})` : errorText(err);
  };
}

function Summary({ view }: { view: BrandAdminView }) {
  const { t } = useTranslation('operator');
  const off = Object.values(view.modules).filter((on) => !on).length;
  return (
    <div className="brand-summary">
      <ThemePreview theme={view.theme} name={view.name} logoUrl={view.logoUrl} />
      <dl className="brand-summary__facts">
        <div>
          <dt>{t('brandPage.code')}</dt>
          <dd>
            <code>{view.merchantCode}</code>
          </dd>
        </div>
        <div>
          <dt>{t('brandPage.currency')}</dt>
          <dd>
            {view.currency} · {view.currencySymbol} · {view.currencyScale}
          </dd>
        </div>
        <div>
          <dt>{t('brandPage.languages')}</dt>
          <dd>
            {view.supportLanguages.join(', ')} ({t('brandPage.default_short')} {view.defaultLanguage})
          </dd>
        </div>
        <div>
          <dt>{t('brandPage.modules_off')}</dt>
          <dd>{off}</dd>
        </div>
        <div>
          <dt>{t('brandPage.status')}</dt>
          <dd>
            {view.availability.maintenance.enabled
              ? t('brandPage.maintenance')
              : view.availability.regionBlock.enabled
                ? t('brandPage.region_block')
                : t('brandPage.status_open')}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The Brand page (docs/back-office.md "Brand"): general settings, look, whitelabel switches,
 * registration rules, maintenance and region block, and for all-brand admins a new brand. Every
 * save carries a reason to the audit log; the server checks every role again.
 */
export function BrandPage({ brand, identity }: OpsPageProps) {
  const { t } = useTranslation('operator');
  const refusal = useRefusal();
  const [tab, setTab] = useState<Tab>('general');
  const view = useOpsBrandView(brand.code);
  const update = useOpsBrandEdit(brand.code, 'opsBrandUpdate');
  const look = useOpsBrandEdit(brand.code, 'opsBrandLook');
  const logo = useOpsBrandEdit(brand.code, 'opsBrandLogo');
  const modules = useOpsBrandEdit(brand.code, 'opsBrandModules');
  const rules = useOpsBrandEdit(brand.code, 'opsBrandRegisterRules');
  const availability = useOpsBrandEdit(brand.code, 'opsBrandAvailability');
  const role = identity.role;
  const mayCreate = identity.merchantCode === null && mayCall(role, 'opsBrandCreate');
  const tabs = TABS.filter((x) => x !== 'create' || mayCreate);
  const saved = () => showToast(t('brandPage.saved'), 'success');

  const save =
    <M extends { mutateAsync(body: never): Promise<unknown> }>(m: M) =>
    async (body: unknown) => {
      await m.mutateAsync(body as never);
      saved();
    };

  return (
    <section className="ops-card brand-page" aria-labelledby="ops-brand-title">
      <header className="ops-card__header brand-page__header">
        <h2 id="ops-brand-title">
          {t('brandPage.title')} <span className="ops-role">{brand.name}</span>
        </h2>
      </header>
      <div className="ops-settings__tabs brand-tabs" role="tablist" aria-label={t('brandPage.title')}>
        {tabs.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={x === tab}
            className={`button button--small${x === tab ? ' button--primary' : ''}`}
            onClick={() => setTab(x)}
            data-testid={`brand-tab-${x}`}
          >
            {t(`brandPage.tab_${x}`)}
          </button>
        ))}
      </div>
      {tab === 'create' ? (
        <CreateBrandForm onCreated={() => showToast(t('brandPage.saved'), 'success')} />
      ) : view.isPending ? (
        <p className="ops-card__state">{t('loading')}</p>
      ) : view.isError ? (
        <p className="form__error" role="alert">
          {refusal(view.error)}
        </p>
      ) : (
        <div role="tabpanel" key={`${brand.code}-${tab}`}>
          {tab === 'general' && (
            <>
              <Summary view={view.data} />
              <GeneralForm
                view={view.data}
                mayEdit={mayCall(role, 'opsBrandUpdate')}
                saving={update.isPending}
                error={refusal(update.error)}
                onSave={save(update)}
              />
            </>
          )}
          {tab === 'look' && (
            <LookForm
              view={view.data}
              mayEdit={mayCall(role, 'opsBrandLook')}
              saving={look.isPending}
              error={refusal(look.error)}
              onSave={save(look)}
              onLogo={async (file, reason) => {
                await logo.mutateAsync({ data: await fileToBase64(file), reason });
                saved();
              }}
              logoSaving={logo.isPending}
              logoError={refusal(logo.error)}
            />
          )}
          {tab === 'modules' && (
            <ModuleTree
              modules={view.data.modules}
              mayEdit={mayCall(role, 'opsBrandModules')}
              saving={modules.isPending}
              error={refusal(modules.error)}
              onSave={save(modules)}
            />
          )}
          {tab === 'rules' && (
            <RulesEditor
              rules={view.data.registerRules}
              mayEdit={mayCall(role, 'opsBrandRegisterRules')}
              saving={rules.isPending}
              error={refusal(rules.error)}
              onSave={save(rules)}
            />
          )}
          {tab === 'availability' && (
            <AvailabilityForm
              availability={view.data.availability}
              mayEdit={mayCall(role, 'opsBrandAvailability')}
              saving={availability.isPending}
              error={refusal(availability.error)}
              onSave={save(availability)}
            />
          )}
        </div>
      )}
    </section>
  );
}

export default BrandPage;
