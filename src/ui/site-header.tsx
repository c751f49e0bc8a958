/**
 * Top bar: logo, main links and the account link. The account part reads the session store;
 * while Firebase has not loaded (anonymous visitors never load it) it shows Sign In.
 */
import { Link } from '@tanstack/react-router';
import { signInHref } from '../lib/auth-links';
import { session, useSession } from '../lib/session';
import { HrefLink } from './href-link';

export function SiteHeader() {
  const { status, user } = useSession();
  const accountLabel = user?.displayName || user?.email || 'My Profile';
  return (
    <header className="site-header">
      <Link to="/" className="site-header__logo">
        <span aria-hidden="true" className="site-header__mark">
          P
        </span>
        ParkFair
      </Link>
      <nav aria-label="Main" className="site-header__nav">
        <Link to="/locations">Locations</Link>
        <Link to="/parkandpay/welcome">Pay by Plate</Link>
        <Link to="/retrieve-car">Retrieve Vehicle</Link>
        {status === 'signed-in' ? (
          <>
            <Link to="/my-account/profile">{accountLabel}</Link>
            <button type="button" className="link-button" onClick={() => void session.signOut()}>
              Logout
            </button>
          </>
        ) : (
          <HrefLink href={signInHref()}>Sign In / Register</HrefLink>
        )}
      </nav>
    </header>
  );
}
