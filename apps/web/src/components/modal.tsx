import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /**
   * False for a step that must be completed (the forced password change): no close button, and
   * Escape or a click outside does nothing.
   */
  dismissible?: boolean;
  /** `alertdialog` for confirmations that interrupt the user. */
  role?: 'alertdialog';
}

/** An accessible modal: focus trap, Escape and overlay click close it, labelled by its title. */
export function Modal({
  open,
  onClose,
  title,
  children,
  size = 'small',
  dismissible = true,
  role,
}: ModalProps) {
  const { t } = useTranslation();
  const hold = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && dismissible && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={`modal modal--${size}`}
          aria-describedby={undefined}
          // Passed only when set: an explicit undefined would erase Radix's own role="dialog".
          {...(role ? { role } : {})}
          onEscapeKeyDown={hold}
          onPointerDownOutside={hold}
          onInteractOutside={hold}
        >
          <header className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            {dismissible && (
              <Dialog.Close className="icon-button" aria-label={t('close')}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="m6 6 12 12M18 6 6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </Dialog.Close>
            )}
          </header>
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Absent: an information dialog with the confirm button only. */
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

/** A short question or notice with its buttons (logout confirmation, trial account notice). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title} role="alertdialog">
      <p className="confirm__message">{message}</p>
      <div className="confirm__actions">
        {cancelLabel && (
          <button type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
