import { type LanguageCode, languageCatalogue } from '@arcadia/contract/client';
import { useId } from 'react';
import { useTranslation } from '../lib/i18n';
import { changeLanguage, currentLanguage } from '../lib/i18n';
import { useBrand } from '../lib/permission';

/** The brand's languages, each in its own script. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const id = useId();
  return (
    <label className={`language-select ${className ?? ''}`} htmlFor={id}>
      <span className="visually-hidden">{t('language')}</span>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(e) => void changeLanguage(e.target.value as LanguageCode)}
      >
        {brand.supportLanguages.map((code) => (
          <option key={code} value={code}>
            {languageCatalogue[code].nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}
