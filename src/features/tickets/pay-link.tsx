/**
 * The "Pay" button of a ticket screen: signed in, the review (`signedInTo`); signed out, the
 * pay-for-parking screen of the ticket, where the driver pays as a guest or signs in
 * (guest-pay-page.tsx), instead of being sent straight to a sign-in with a text message.
 */
import { Link } from '@tanstack/react-router';
import { useSession } from '../../lib/session';

type SignedInTarget = '/pay-for-parking/$ticketNumber' | '/retrieve-car/$ticketNumber/summary/payment';

export function PayLink({ ticketNumber, label, signedInTo = '/pay-for-parking/$ticketNumber' }: { ticketNumber: string; label: string; signedInTo?: SignedInTarget }) {
  const { status } = useSession();
  if (status === 'signed-out') {
    return (
      <Link to="/pay-for-parking" search={{ ticket: ticketNumber }} className="button">
        {label}
      </Link>
    );
  }
  return (
    <Link to={signedInTo} params={{ ticketNumber }} className="button">
      {label}
    </Link>
  );
}
