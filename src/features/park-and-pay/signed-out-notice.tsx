/**
 * On the gate pages after a forced sign-out (a 401 the refresh did not cure, or the identity
 * service unreachable): the saved ticket and pass stay on screen, and this says why paying or
 * changing anything needs a new sign-in (lib/session-store.ts, lib/session-gate.ts).
 */
import { useLocation } from '@tanstack/react-router';
import { signInHref } from '../../lib/auth-links';
import { useSession } from '../../lib/session';
import { HrefLink } from '../../ui/href-link';
import { PARK_TEXT } from './messages';

export function SignedOutNotice() {
  const { status, isExpired } = useSession();
  const location = useLocation();
  if (status === 'signed-in' || !isExpired) return null;
  return (
    <p className="notice" role="status" data-testid="signed-out-notice">
      {PARK_TEXT.signedOutKept}{' '}
      <HrefLink href={signInHref(location.href)}>Sign In</HrefLink>
    </p>
  );
}
