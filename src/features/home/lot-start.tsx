/**
 * The top of the home page for a driver at the lot (issue 22 item 7): with a car in a garage,
 * "Your car at … · Show Exit Pass" first, one tap to the pass; then the three ways in from the
 * lot — Pay by Plate, Scan Ticket, Retrieve Vehicle (spec 3 §2 routes; the menu's labels) — so
 * on a 360 × 640 phone they sit above the fold, with search below them.
 *
 * Opened from the home-screen icon (the start URL, `?source=pwa`) with a car in a garage, the
 * pass itself is shown, no tap needed, as transit apps put the ticket first: the driver who opens
 * the installed app while parked is most often at the gate. It is drawn from the QR matrix the
 * device kept (src/lib/kept-exit-pass-qr.ts), so the first frame needs neither the encoder nor the
 * session page; without a kept matrix the card's one tap stays.
 */
import { Link } from '@tanstack/react-router';
import { readKeptExitPassQr } from '../../lib/kept-exit-pass-qr';
import { ExitPassFigure } from '../../ui/exit-pass-figure';
import type { ParkedCar } from './parked-car';
import './home.css';

function ParkedCarPass({ car }: { car: ParkedCar }) {
  const qr = readKeptExitPassQr(car.qrText);
  if (!qr) return <ParkedCarCard car={car} />;
  return (
    <div className="lot-car lot-car--pass">
      <ExitPassFigure ticketNumber={car.ticketNumber} licensePlate={car.licensePlate} address={car.address} qr={qr} />
      <Link to="/parkandpay/session" search={{ licensePlate: car.licensePlate }} className="lot-car__more">
        Ticket details and charges
      </Link>
    </div>
  );
}

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

export function LotStart({ car, showsPass }: { car: ParkedCar | undefined; showsPass: boolean }) {
  return (
    <section className="lot-start" aria-label="At the garage">
      {car && (showsPass ? <ParkedCarPass car={car} /> : <ParkedCarCard car={car} />)}
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
