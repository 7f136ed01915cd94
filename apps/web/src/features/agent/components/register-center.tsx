import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import {
  type AffiliateCode,
  type RegisterSettings,
  useAffiliatesQuery,
  useCreateAffiliate,
  useCreateDownline,
  useRegisterSettingsQuery,
  useToggleAffiliate,
} from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';
import { useMemberTypeName } from '../hooks/use-member-type';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { type ReportColumn, ReportTable } from './report-table';

/** The fields a `request_param_err` reply names. */
function invalidFields(err: unknown): string[] {
  if (!(err instanceof ApiError) || err.code !== 'request_param_err') return [];
  const fields = err.value?.fields;
  return fields && typeof fields === 'object' ? Object.keys(fields) : [];
}

/**
 * Register account (`registerCenter`): create a direct downline, and manage invitation links
 * (the member type they create, how often they were used, on or off). Each half shows only when
 * the brand allows it.
 */
export function RegisterCenter() {
  const settings = useRegisterSettingsQuery();
  if (settings.isPending) return <PanelLoading />;
  if (settings.isError) return <PanelError error={settings.error} onRetry={() => void settings.refetch()} />;
  const s = settings.data;
  return (
    <div className="agent-page register-center">
      {s.canCreateDirectly && <CreateDownlineForm settings={s} />}
      {s.canCreateLinks && <InvitationLinks settings={s} />}
    </div>
  );
}

interface DownlineForm {
  account: string;
  nickname: string;
  password: string;
  confirmPassword: string;
  type: string;
}

function CreateDownlineForm({ settings }: { settings: RegisterSettings }) {
  const { t } = useTranslation('agent');
  const id = useId();
  const typeName = useMemberTypeName();
  const errorText = useApiErrorText();
  const create = useCreateDownline();
  const empty: DownlineForm = {
    account: '',
    nickname: '',
    password: '',
    confirmPassword: '',
    type: String(settings.creatableTypes[0] ?? 0),
  };
  const [form, setForm] = useState<DownlineForm>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof DownlineForm, string>>>({});
  const [error, setError] = useState<unknown>();

  const set = (key: keyof DownlineForm, value: string) => {
    setForm((v) => ({ ...v, [key]: value }));
    setErrors((v) => ({ ...v, [key]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<keyof DownlineForm, string>> = {};
    if (!/^[A-Za-z][A-Za-z0-9]{3,15}$/.test(form.account.trim())) next.account = t('account_rule');
    if (!form.password) next.password = t('password_required');
    if (form.password !== form.confirmPassword) next.confirmPassword = t('password_mismatch');
    setErrors(next);
    setError(undefined);
    if (Object.keys(next).length > 0) return;
    create.mutate(
      {
        account: form.account.trim(),
        password: form.password,
        confirmPassword: form.confirmPassword,
        ...(form.nickname.trim() ? { nickname: form.nickname.trim() } : {}),
        type: Number(form.type),
      },
      {
        onSuccess: (d) => {
          setForm(empty);
          showToast(t('downline_created', { account: d.account, type: typeName(d.type) }));
        },
        onError: (err) => {
          setError(err);
          const fields = invalidFields(err);
          if (err instanceof ApiError && err.code === 'account.exists')
            setErrors({ account: errorText(err) });
          else if (err instanceof ApiError && err.code === 'password.confirmation')
            setErrors({ confirmPassword: errorText(err) });
          else if (fields.length > 0)
            setErrors(Object.fromEntries(fields.map((k) => [k, t('field_invalid')])));
        },
      },
    );
  };

  return (
    <section className="agent-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="agent-section__title">
        {t('create_downline')}
      </h3>
      <form className="form agent-form" onSubmit={submit} noValidate>
        <TextField
          label={t('col.account')}
          name="account"
          autoComplete="off"
          required
          maxLength={16}
          value={form.account}
          error={errors.account}
          hint={t('account_rule')}
          onChange={(e) => set('account', e.target.value)}
        />
        <TextField
          label={t('col.nickname')}
          name="nickname"
          autoComplete="off"
          maxLength={32}
          value={form.nickname}
          error={errors.nickname}
          onChange={(e) => set('nickname', e.target.value)}
        />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={form.password}
          error={errors.password}
          onChange={(e) => set('password', e.target.value)}
        />
        <TextField
          label={t('confirm_password')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
        <label className="field">
          <span className="field__label">{t('account_type')}</span>
          <select className="field__input" value={form.type} onChange={(e) => set('type', e.target.value)}>
            {settings.creatableTypes.map((type) => (
              <option key={type} value={type}>
                {typeName(type)}
              </option>
            ))}
          </select>
        </label>
        {error !== undefined && Object.values(errors).every((v) => !v) && (
          <p className="form__error" role="alert">
            {errorText(error)}
          </p>
        )}
        <div className="agent-form__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? t('creating') : t('create_account')}
          </button>
        </div>
      </form>
    </section>
  );
}

function linkOf(settings: RegisterSettings, code: string): string {
  return `${window.location.origin}${settings.registerPath}?affiliateCode=${encodeURIComponent(code)}`;
}

function CopyLink({ text, account }: { text: string; account: string }) {
  const { t } = useTranslation('agent');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      showToast(t('copy_failed'), 'error');
    }
  };
  return (
    <button
      type="button"
      className="button button--small"
      aria-label={t('copy_link_of', { code: account })}
      onClick={() => void copy()}
    >
      {copied ? t('copied') : t('copy')}
    </button>
  );
}

function InvitationLinks({ settings }: { settings: RegisterSettings }) {
  const { t } = useTranslation('agent');
  const id = useId();
  const f = useAgentFormat();
  const typeName = useMemberTypeName();
  const errorText = useApiErrorText();
  const [pageNo, setPageNo] = useState(1);
  const links = useAffiliatesQuery(pageNo);
  const create = useCreateAffiliate();
  const toggle = useToggleAffiliate();
  const [type, setType] = useState(String(settings.creatableTypes[0] ?? 0));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [error, setError] = useState<unknown>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wanted = code.trim();
    if (wanted && !/^[A-Za-z0-9]{4,16}$/.test(wanted)) return setCodeError(t('code_rule'));
    setCodeError(undefined);
    setError(undefined);
    create.mutate(
      { memberType: Number(type), ...(wanted ? { code: wanted } : {}) },
      {
        onSuccess: (link) => {
          setCode('');
          setPageNo(1);
          showToast(t('link_created', { code: link.code }));
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'affiliate.code.exists') setCodeError(errorText(err));
          else setError(err);
        },
      },
    );
  };

  const columns: ReportColumn<AffiliateCode>[] = [
    { id: 'code', header: t('col.code'), cell: (l) => <code className="code">{l.code}</code> },
    {
      id: 'link',
      header: t('col.link'),
      cell: (l) => (
        <span className="link-cell">
          <span className="link-cell__url">{linkOf(settings, l.code)}</span>
          <CopyLink text={linkOf(settings, l.code)} account={l.code} />
        </span>
      ),
    },
    { id: 'type', header: t('col.creates'), cell: (l) => typeName(l.memberType) },
    { id: 'usage', header: t('col.usage'), numeric: true, cell: (l) => f.count(l.usageCount) },
    {
      id: 'created',
      header: t('col.created'),
      cell: (l) => <time dateTime={l.createdAt}>{f.dateTime(l.createdAt)}</time>,
    },
    {
      id: 'enabled',
      header: t('col.status'),
      cell: (l) => (
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={l.enabled}
            disabled={toggle.isPending && toggle.variables?.id === l.id}
            aria-label={t('link_enabled_of', { code: l.code })}
            onChange={(e) =>
              toggle.mutate(
                { id: l.id, enabled: e.target.checked },
                { onError: (err) => showToast(errorText(err), 'error') },
              )
            }
          />
          <span>{l.enabled ? t('enabled') : t('disabled')}</span>
        </label>
      ),
    },
  ];

  return (
    <section className="agent-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="agent-section__title">
        {t('invitation_links')}
      </h3>
      <form className="agent-filters" onSubmit={submit} aria-label={t('create_link')}>
        <label className="field">
          <span className="field__label">{t('col.creates')}</span>
          <select className="field__input" value={type} onChange={(e) => setType(e.target.value)}>
            {settings.creatableTypes.map((ty) => (
              <option key={ty} value={ty}>
                {typeName(ty)}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={t('custom_code')}
          name="code"
          autoComplete="off"
          maxLength={16}
          value={code}
          error={codeError}
          hint={t('custom_code_hint')}
          onChange={(e) => {
            setCode(e.target.value);
            setCodeError(undefined);
          }}
        />
        <div className="agent-filters__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {t('create_link')}
          </button>
        </div>
      </form>
      {error !== undefined && (
        <p className="form__error" role="alert">
          {errorText(error)}
        </p>
      )}
      <p className="muted">{t('links_limit', { max: settings.maxAffiliateCodes })}</p>
      <ReportTable
        caption={t('invitation_links')}
        columns={columns}
        rowKey={(l) => l.id}
        query={links}
        onPageChange={setPageNo}
        emptyText={t('no_links')}
      />
    </section>
  );
}
