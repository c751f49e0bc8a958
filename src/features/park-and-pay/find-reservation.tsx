/**
 * Find reservation (spec 3 §2, §4): a service and a reservation number, both required. The
 * original waited 2 s and showed hard-coded sample data; we look the number up for real.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AGGREGATORS, parseAggregator, RESERVATION_NUMBER_PATTERN } from '../../contract/tickets';
import { ApiError } from '../../lib/errors';
import { actionAlertFor, offlineAlert, type ActionAlert } from './action-alert';
import { updateDraft } from './draft-store';
import { PARK_TEXT } from './messages';
import { AlertDialog } from './park-dialog';
import { ParkLayout } from './park-layout';
import { lookupReservation } from './reservations-api';

export function FindReservation() {
  const [service, setService] = useState('');
  const [number, setNumber] = useState('');
  const [alert, setAlert] = useState<ActionAlert>();
  const [isBusy, setIsBusy] = useState(false);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const provider = parseAggregator(service);
    const reservationNumber = number.trim().toUpperCase();
    if (!provider || !reservationNumber) return setAlert({ title: 'Error', message: PARK_TEXT.findReservationIncomplete });
    if (!RESERVATION_NUMBER_PATTERN.test(reservationNumber)) return setAlert({ title: 'Error', message: PARK_TEXT.reservationNotFound });
    const offline = offlineAlert();
    if (offline) return setAlert(offline);
    setIsBusy(true);
    try {
      const reservation = await lookupReservation(provider, reservationNumber);
      updateDraft({ reservation });
      await navigate({ to: '/parkandpay/reservation-found' });
    } catch (error: unknown) {
      setAlert(error instanceof ApiError && error.status === 404 ? { title: 'Error', message: PARK_TEXT.reservationNotFound } : actionAlertFor(error));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <ParkLayout title="Find Reservation">
      <form className="park-form" onSubmit={submit} noValidate>
        <label htmlFor="reservation-service">Service</label>
        <select id="reservation-service" value={service} onChange={(event) => setService(event.target.value)}>
          <option value="">Select a service</option>
          {AGGREGATORS.map((name) => (
            <option key={name} value={name}>{name}</option>
          ))}
        </select>
        <label htmlFor="reservation-number">Reservation number</label>
        <input id="reservation-number" value={number} maxLength={24} autoComplete="off" onChange={(event) => setNumber(event.target.value.toUpperCase())} />
        <button type="submit" className="button" disabled={isBusy}>{isBusy ? 'Searching...' : 'Find Reservation'}</button>
      </form>
      {alert && <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </ParkLayout>
  );
}
