/**
 * The flow's dialogs are the app's one modal (src/ui/modal-dialog.tsx: native <dialog>, focus
 * trap, Escape, backdrop): ParkDialog for confirmations with their own buttons, AlertDialog
 * (role alertdialog) for a message with OK.
 */
export { AlertModal as AlertDialog, ModalDialog as ParkDialog } from '../../ui/modal-dialog';
