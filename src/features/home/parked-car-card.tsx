/** "Your car at … · Show Exit Pass": one tap from the home page to the parked car's pass. */
import { Link } from '@tanstack/react-router';
import type { ParkedCar } from './parked-car';

export function ParkedCarCard({ car }: { car: ParkedCar }) {
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
