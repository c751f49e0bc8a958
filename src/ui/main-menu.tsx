/**
 * The main menu overlay (spec 2 §2 "Account menus"): a modal dialog with a close button, the
 * site's main destinations and My Account, which expands to its items: Digital Tickets, Access
 * Pass, Profile, Reservations, Receipts, Monthly Subscriptions, Vehicles. Loaded lazily by the
 * header. Choosing a link closes the overlay; Escape and the close button do too.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import './main-menu.css';

// Monthly Parking is a content page: its route is /$page (src/routes/$page.tsx).
const MAIN_LINKS = [
  { to: '/locations', label: 'Locations' },
  { to: '/$page', params: { page: 'monthly-parking' }, label: 'Monthly Parking' },
  { to: '/parkandpay/welcome', label: 'Pay by Plate' },
  { to: '/retrieve-car', label: 'Retrieve Vehicle' },
  { to: '/pay-for-parking', label: 'Pay for Parking' },
] as const;

/** My Account's items, in the spec's order (Digital Tickets is park-and-pay-active-sessions, Access Pass my-account-badge). */
export const MY_ACCOUNT_LINKS = [
  { to: '/parkandpay/digital-tickets', label: 'Digital Tickets' },
  { to: '/my-account/access-pass', label: 'Access Pass' },
  { to: '/my-account/profile', label: 'Profile' },
  { to: '/my-account/reservations', label: 'Reservations' },
  { to: '/my-account/receipts', label: 'Receipts' },
  { to: '/my-account/monthly-sign-up', label: 'Monthly Subscriptions' },
  { to: '/my-account/vehicles', label: 'Vehicles' },
] as const;

export default function MainMenu({ isSignedIn, onClose }: { isSignedIn: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const accountListId = useId();
  // Signed-in visitors open the menu mostly for their account: it starts expanded for them.
  const [isAccountOpen, setIsAccountOpen] = useState(isSignedIn);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog ref={dialogRef} className="main-menu" aria-label="Main menu" onClose={onClose}>
      <div className="main-menu__bar">
        <span className="main-menu__title">Menu</span>
        <button type="button" className="main-menu__close" onClick={onClose} aria-label="Close menu">
          ×
        </button>
      </div>
      <nav aria-label="Main">
        <ul className="main-menu__list">
          {MAIN_LINKS.map(({ label, ...link }) => (
            <li key={label}>
              <Link {...link} onClick={onClose}>
                {label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="main-menu__expand"
              aria-expanded={isAccountOpen}
              aria-controls={accountListId}
              onClick={() => setIsAccountOpen((open) => !open)}
            >
              My Account
            </button>
            <ul id={accountListId} className="main-menu__sublist" hidden={!isAccountOpen}>
              {MY_ACCOUNT_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={onClose}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </nav>
    </dialog>
  );
}
