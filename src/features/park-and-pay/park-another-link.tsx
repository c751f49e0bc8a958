/**
 * "Park another vehicle" (Digital Tickets, and the session, since Digital Tickets goes straight to
 * the session while one ticket is open): the lot code, then Activate Parking for a car not parked
 * yet. The intent travels in the draft (the lot-code form and the sign-in redirect keep no query),
 * and Activate Parking reads it once (flow-rules.ts `startTarget`).
 */
import { Link } from '@tanstack/react-router';
import { updateDraft } from './draft-store';

export function ParkAnotherLink() {
  return (
    <Link to="/parkandpay/welcome" className="button button--secondary" onClick={() => void updateDraft({ isParkingAnother: true })}>
      Park another vehicle
    </Link>
  );
}
