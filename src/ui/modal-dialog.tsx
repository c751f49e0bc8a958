/**
 * A modal dialog on the native <dialog> element: `showModal()` gives the focus trap, the inert
 * page behind and the backdrop; Escape arrives as `cancel`, which is handed to `onClose` so the
 * owner decides (e.g. a route closes by navigating). Labelled by its title; `alertdialog` for
 * alerts and confirmations. The fade-in (spec 2 §9: modals show after 200 ms) is CSS.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
};

export function ModalDialog({ title, onClose, children, actions, role = 'dialog', className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal-dialog${className ? ` ${className}` : ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        // React passes a nested dialog's cancel up the component tree: close only this one.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <h2 id={titleId} className="modal-dialog__title">{title}</h2>
      <div className="modal-dialog__body">{children}</div>
      {actions ? <div className="modal-dialog__actions">{actions}</div> : null}
    </dialog>
  );
}

/** An alert with one OK button; `children` may add a link (e.g. "contact us"). */
export function AlertModal({ title, message, onClose, children }: { title: string; message: string; onClose: () => void; children?: ReactNode }) {
  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      role="alertdialog"
      actions={<button type="button" className="button" onClick={onClose} autoFocus>OK</button>}
    >
      <p>{message}</p>
      {children}
    </ModalDialog>
  );
}
