import type { SystemStatus } from '@arcadia/contract';
import { useTranslation } from '../lib/i18n';
import { paths } from '../config/paths';
import { i18n } from '../lib/i18n';
import { useToastStore } from '../lib/toast-store';

/** Spec §1: the customer-service window opens as a 440 × 750 popup. */
const POPUP_FEATURES = 'popup,width=440,height=750';

/** Opens one of the brand's third-party channels (Facebook, email …) in the customer-service popup. */
export function openCustomerService(path: string) {
  if (path.startsWith('mailto:')) {
    window.location.href = path;
    return;
  }
  window.open(path, 'customer-service', `${POPUP_FEATURES},noopener`);
}

/**
 * Opens the live chat (docs/support.md) in the customer-service popup. Not `noopener`: a popup
 * opened this way starts with a copy of this tab's session storage, so a logged-in member chats
 * as themselves; the link back to this page is cut right after. A blocked popup is said so.
 */
export function openSupportWindow() {
  const popup = window.open(paths.customerService, 'customer-service', POPUP_FEATURES);
  if (!popup) {
    useToastStore.getState().show(i18n.getFixedT(null, 'support')('popup_blocked'), 'error');
    return;
  }
  popup.opener = null;
  popup.focus();
}

/** The system screens' button: the brand's first third-party channel (the chat's API is closed then). */
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
