/** The ticket flows' alert (native <dialog>: focus trap, Escape, backdrop). */
import { useEffect, useId, useRef } from 'react';

export function TicketAlertDialog({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog ref={ref} className="ticket-dialog" role="alertdialog" aria-labelledby={titleId} onCancel={(event) => (event.preventDefault(), onClose())}>
      <h2 id={titleId}>{title}</h2>
      <p>{message}</p>
      <div className="ticket-dialog__actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          OK
        </button>
      </div>
    </dialog>
  );
}
