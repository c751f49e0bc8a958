/**
 * The top of the home page for a driver at the lot (issue 22 item 7): with a car in a garage,
 * "Your car at … · Show Exit Pass" first, one tap to the pass; then the three ways in from the
 * lot — Pay by Plate, Scan Ticket, Retrieve Vehicle (spec 3 §2 routes; the menu's labels) — so
 * on a 360 × 640 phone they sit above the fold, with search below them.
 */
import { Link } from '@tanstack/react-router';
import type { ParkedCar } from './parked-car';
import './home.css';

function ParkedCarCard({ car }: { car: ParkedCar }) {
  return (
    <div className="lot-car">
      {/* preload="render": the session's code chain loads while the card shows, not after the tap. */}
      <Link to="/parkandpay/session" search={{ licensePlate: car.licensePlate, show: 'pass' }} preload="render" className="lot-car__link">
        <span className="lot-car__where">
          Your car at <strong>{car.address}</strong>
        </span>
        <span aria-hidden="true"> · </span>
        <span className="lot-car__action">Show Exit Pass</span>
      </Link>
      <p className="lot-car__details">
        {car.licensePlate} · Ticket {car.ticketNumber}
        {car.otherCars > 0 && (
          <>
            {' · '}
            <Link to="/parkandpay/digital-tickets">All Digital Tickets</Link>
          </>
        )}
      </p>
    </div>
  );
}

export function LotStart({ car }: { car: ParkedCar | undefined }) {
  return (
    <section className="lot-start" aria-label="At the garage">
      {car && <ParkedCarCard car={car} />}
      <nav className="lot-actions" aria-label="Lot">
        <Link to="/parkandpay/welcome" className="lot-actions__item">
          Pay by Plate
        </Link>
        <Link to="/leavefast/scan" className="lot-actions__item">
          Scan Ticket
        </Link>
        <Link to="/retrieve-car" className="lot-actions__item">
          Retrieve Vehicle
        </Link>
      </nav>
    </section>
  );
}
