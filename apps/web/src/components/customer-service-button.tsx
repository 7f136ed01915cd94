import type { SystemStatus } from '@arcadia/contract';
import { useTranslation } from 'react-i18next';

/** Spec §1: the customer-service window opens as a 440 × 750 popup. */
export function openCustomerService(path: string) {
  if (path.startsWith('mailto:')) {
    window.location.href = path;
    return;
  }
  window.open(path, 'customer-service', 'width=440,height=750,noopener');
}

export function CustomerServiceButton({ status, className }: { status: SystemStatus; className?: string }) {
  const { t } = useTranslation();
  const entry = status.info.customerService[0];
  if (!entry) return null;
  return (
    <button
      type="button"
      className={className ?? 'button button--primary'}
      onClick={() => openCustomerService(entry.path)}
    >
      {t('contact_customer_service')}
    </button>
  );
}
