/** The ticket flows' alert: the app's one modal alert (src/ui/modal-dialog.tsx) with OK. */
export { AlertModal as TicketAlertDialog } from '../../ui/modal-dialog';
