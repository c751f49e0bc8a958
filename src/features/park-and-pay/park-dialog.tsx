/** A modal dialog (native <dialog>: focus trap, Escape, backdrop) for the flow's alerts and confirmations. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

type Props = {
  title: string;
  children: ReactNode;
  onClose: () => void;
  actions: ReactNode;
};

export function ParkDialog({ title, children, onClose, actions }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog ref={ref} className="park-dialog" aria-labelledby={titleId} onCancel={(event) => (event.preventDefault(), onClose())}>
      <h2 id={titleId}>{title}</h2>
      <div className="park-dialog__body">{children}</div>
      <div className="park-dialog__actions">{actions}</div>
    </dialog>
  );
}

export function AlertDialog({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  return (
    <ParkDialog title={title} onClose={onClose} actions={<button type="button" className="button" onClick={onClose} autoFocus>OK</button>}>
      <p>{message}</p>
    </ParkDialog>
  );
}
