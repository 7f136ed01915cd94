import { useTranslation } from '../../../lib/i18n';

/** The member-account search box of the team reports' filter forms. */
export function AccountField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('agent');
  return (
    <label className="field">
      <span className="field__label">{t('col.account')}</span>
      <input
        type="search"
        className="field__input"
        value={value}
        maxLength={64}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
