/** /my-account: the account area's menu around its child pages (spec 2 §2 "Account menus"). */
import { createFileRoute, Link, Outlet } from '@tanstack/react-router';

function MyAccountLayout() {
  return (
    <div className="account">
      <nav aria-label="My Account" className="account__nav">
        <Link to="/parkandpay/digital-tickets">Digital Tickets</Link>
        <Link to="/my-account/access-pass">Access Pass</Link>
        <Link to="/my-account/profile">Profile</Link>
        <Link to="/my-account/reservations">Reservations</Link>
        <Link to="/my-account/receipts">Receipts</Link>
        <Link to="/my-account/monthly-sign-up">Monthly Subscriptions</Link>
        <Link to="/my-account/vehicles">Vehicles</Link>
      </nav>
      <Outlet />
    </div>
  );
}

export const Route = createFileRoute('/_authenticated/my-account')({ component: MyAccountLayout });
