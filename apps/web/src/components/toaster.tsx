import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { type Toast, toastDuration, useToastStore } from '../lib/toast-store';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toastDuration);
    return () => clearTimeout(timer);
  }, [toast.id, dismiss]);
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span className="toast__message">{toast.message}</span>
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={t('close')}
        onClick={() => dismiss(toast.id)}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

/** The toast stack (bottom centre); each toast is announced and dismisses itself. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <div className="toaster">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
