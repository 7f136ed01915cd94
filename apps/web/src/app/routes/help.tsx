import { useTranslation } from '../../lib/i18n';
import { EmptyState } from '../../components/empty-state';
import { HelpCenter } from '../../features/help/components/help-center';
import { currentLanguage } from '../../lib/i18n';

export default function HelpPage() {
  useTranslation();
  return <HelpCenter lang={currentLanguage()} emptyState={<EmptyState />} />;
}
