import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { OperatorConsole } from '../../features/operator/components/operator-console';
import { useBrand } from '../../lib/permission';

/** `/ops`: the operator page (payment queue), in the bare agent-style layout. */
export default function OpsPage() {
  const { t } = useTranslation('operator');
  const brand = useBrand();
  const title = t('title');
  useEffect(() => {
    document.title = `${title} · ${brand.name}`;
    return () => {
      document.title = brand.name;
    };
  }, [title, brand.name]);
  return <OperatorConsole siteBrand={brand.merchantCode} />;
}
