/**
 * The "Pay" button of a ticket screen: signed in, the review (`signedInTo`); signed out, the
 * pay-for-parking screen of the ticket, where the driver pays as a guest or signs in
 * (guest-pay-page.tsx), instead of being sent straight to a sign-in with a text message.
 */
import { Link } from '@tanstack/react-router';
import { STORAGE_KEYS } from '../../lib/constants';
import { useSession } from '../../lib/session';
import { readStorage } from '../../lib/storage';

/**
 * True for a driver who is not signed in. Firebase loads lazily, so the session may still be
 * "unknown": then a device without the stored auth item has nobody signed in.
 */
export function useIsGuest(): boolean {
  const { status } = useSession();
  if (status === 'unknown') return !readStorage(STORAGE_KEYS.auth);
  return status === 'signed-out';
}

type SignedInTarget = '/pay-for-parking/$ticketNumber' | '/retrieve-car/$ticketNumber/summary/payment';

export function PayLink({ ticketNumber, label, signedInTo = '/pay-for-parking/$ticketNumber' }: { ticketNumber: string; label: string; signedInTo?: SignedInTarget }) {
  if (useIsGuest()) {
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
