/**
 * Top bar (spec 2 §2 "Account menus"): logo, the subnav and the Menu button of the main menu
 * overlay. Subnav: Retrieve Vehicle; Sign In / Register when signed out; when signed in the
 * display name (else the email, else "My Profile"), Logout and My Reservations. The name links
 * to monthly reservations for ticket-system users, else to the profile.
 *
 * The header is on every first screen: the overlay (main-menu.tsx) is its own chunk, loaded when
 * the Menu button is pressed (or hovered/focused, to hide the load). The account part reads the
 * session store; while Firebase has not loaded (anonymous visitors never load it) it shows Sign In,
 * or the account links when the device has a stored sign-in.
 */
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { signInHref } from '../lib/auth-links';
import { MONTHLY_RESERVATIONS_PATH, profileLinkPath, useIsTicketSystemUser } from '../lib/monthly-contracts';
import { session, useSession } from '../lib/session';
import { HrefLink } from './href-link';

const loadMainMenu = () => import('./main-menu');
const MainMenu = lazy(loadMainMenu);

export function SiteHeader() {
  const { status, user: sessionUser } = useSession();
  const stored = session.storedUser();
  const isSignedIn = status === 'signed-in' || stored !== null;
  const user = sessionUser ?? stored;
  const isTicketSystemUser = useIsTicketSystemUser();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const accountLabel = user?.displayName || user?.email || 'My Profile';
  const preloadMenu = () => void loadMainMenu();
  return (
    <header className="site-header">
      <Link to="/" className="site-header__logo">
        <span aria-hidden="true" className="site-header__mark">
          P
        </span>
        ParkFair
      </Link>
      <nav aria-label="Account" className="site-header__nav">
        <Link to="/retrieve-car">Retrieve Vehicle</Link>
        {isSignedIn ? (
          <>
            <HrefLink href={profileLinkPath(isTicketSystemUser)}>{accountLabel}</HrefLink>
            <button type="button" className="link-button" onClick={() => void session.signOut()}>
              Logout
            </button>
            <HrefLink href={MONTHLY_RESERVATIONS_PATH}>My Reservations</HrefLink>
          </>
        ) : (
          <HrefLink href={signInHref()}>Sign In / Register</HrefLink>
        )}
        <button
          type="button"
          className="link-button site-header__menu-button"
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          onClick={() => setIsMenuOpen(true)}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
        >
          Menu
        </button>
      </nav>
      {isMenuOpen && (
        <Suspense fallback={null}>
          <MainMenu isSignedIn={isSignedIn} onClose={() => setIsMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
