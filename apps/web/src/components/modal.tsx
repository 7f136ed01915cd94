import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useEffect, useId, useRef } from 'react';
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

/** The cross of a dialog's close button. */
function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
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
                <CloseIcon />
              </Dialog.Close>
            )}
          </header>
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A notice over the page (the home announcement popups) as the browser's own modal `<dialog>`:
 * the browser keeps focus inside, makes the page behind inert and closes it on Escape; a click on
 * the backdrop closes it too. It opens in one step on a page still busy with its first load,
 * where `Modal` (which marks the page hidden, locks its scrolling and reads styles back as it
 * opens) restyles the whole page several times. No form lives in it, so no toast needs to show
 * above it (toasts stay below the browser's top layer).
 */
export function NoticeModal({
  onClose,
  title,
  children,
  size = 'small',
}: {
  onClose(): void;
  title: string;
  children: ReactNode;
  size?: 'small' | 'medium' | 'large';
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal modal--native modal--${size}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // The dialog's own box is covered by its header and body: a click on it is the backdrop.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <header className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      <div className="modal__body">{children}</div>
    </dialog>
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
