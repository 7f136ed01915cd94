import { type LanguageCode, languageCatalogue } from '@arcadia/contract/client';
import { useTranslation } from './i18n';

/** The BCP 47 locale of the interface language, for number and date formatting. */
export function useLocaleTag(): string {
  const { i18n } = useTranslation();
  const code = (i18n.resolvedLanguage ?? i18n.language ?? 'en').toUpperCase();
  return code in languageCatalogue ? languageCatalogue[code as LanguageCode].locale : 'en';
}
