/**
 * A modal dialog on the native <dialog> element: `showModal()` gives the focus trap, the inert
 * page behind and the backdrop; Escape arrives as `cancel`, which is handed to `onClose` so the
 * owner decides (e.g. a route closes by navigating). Labelled by its title; `alertdialog` for
 * alerts and confirmations. The fade-in (spec 2 §9: modals show after 200 ms) is CSS.
 * Every dialog has a visible "Close" (×, 44 px) in its top corner (issue 38 item 11, decision
 * 0120): on a phone Escape does not exist, and a tap on the backdrop is not a gesture drivers
 * know. It is last in the DOM so that `showModal()` still focuses the dialog's own content first.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** The actions already hold a visible "Close" button: no second one in the corner. */
  isClosedByAction?: boolean;
};

export function ModalDialog({ title, onClose, children, actions, role = 'dialog', className, isClosedByAction = false }: Props) {
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
      className={`modal-dialog${isClosedByAction ? '' : ' modal-dialog--closable'}${className ? ` ${className}` : ''}`}
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
      {isClosedByAction ? null : (
        <button type="button" className="modal-dialog__close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      )}
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
