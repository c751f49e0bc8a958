/**
 * The activation screen (spec 3 §2, §4 "reservation payment", with the prepaid prompt folded in,
 * decision 0111): the vehicle (with Change vehicle), "Do you have a prepaid reservation?" as a
 * No/Yes radio group (No chosen; Yes offers Find Reservation, never navigates on its own, so arrow
 * keys only choose), the card the session is charged to at exit — a saved card (first
 * preselected) or a new card enrolled on the spot — and Activate Parking. A returning driver
 * arrives here from the lot's Activate Parking with the remembered vehicle: one tap parks it.
 *
 * The minimum-rate notice is shown above the button only when it applies (opensReportedSession:
 * no ticket of the driver's own for the plate at this lot). On Activate the garage's tickets for
 * the plate are reloaded: a ticket → session (an applied reservation is redeemed on it); none →
 * an entry is registered now; the License Plate Warning popup remains only for a driver who was
 * not shown the notice (a listed ticket that is gone by then).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { GarageTicket } from '../../contract/parking-system';
import { formatAmount } from '../../lib/card-validation';
import { offerInstallAfterActivation } from '../../lib/install-offer';
import { savedPaymentMethodsQueryOptions } from '../../lib/payments-client';
import { useSession } from '../../lib/session';
import { useUpdateHold } from '../../lib/update-holds';
import { CardSetupForm } from '../../ui/card-payment-form';
import { actionAlertFor, offlineAlert, type ActionAlert } from './action-alert';
import { updateDraft, useDraft } from './draft-store';
import { opensReportedSession } from './flow-rules';
import { garageKeys, fetchTicketsForPlate, myTicketsQueryOptions, registerEntry } from './garage-api';
import { rememberLastVehicle } from './last-vehicle';
import { PARK_TEXT } from './messages';
import { AlertDialog, ParkDialog } from './park-dialog';
import { ParkLayout } from './park-layout';
import { applyReservationToTicket } from './reservations-api';
import { RESERVATION_FIT_TEXT, reservationFit } from './reservation-fit';
import { vehiclesQueryOptions } from './vehicles-api';

const NEW_CARD = 'cc';

export function ReservationPayment() {
  const draft = useDraft();
  const { user } = useSession();
  const methods = useQuery(savedPaymentMethodsQueryOptions);
  const tickets = useQuery(myTicketsQueryOptions);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<string>();
  const [alert, setAlert] = useState<ActionAlert>();
  const [isWarningOpen, setIsWarningOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  // A payment in flight is never reloaded away by an update (src/lib/update-holds.ts).
  useUpdateHold('payment', isBusy);
  const name = useId();
  const prepaidName = useId();
  const noticeId = useId();
  const [prepaid, setPrepaid] = useState<'yes' | 'no'>();
  if (!draft.locationId || !draft.licensePlate) return <Navigate to="/parkandpay/welcome" replace />;
  const { locationId, licensePlate, reservation, vehicleId } = draft;
  const hasPrepaid = (prepaid ?? (reservation ? 'yes' : 'no')) === 'yes';
  // Decided on the driver's own tickets as listed (saved copy included); until they load, shown.
  const showsNotice = opensReportedSession(tickets.data ?? [], licensePlate, locationId);
  const saved = methods.data ?? [];
  const selected = choice ?? (saved[0] ? String(saved[0].customerPaymentMethodId) : NEW_CARD);

  const finish = async (ticket: GarageTicket) => {
    if (reservation) await applyReservationToTicket(ticket.ticketNumber, ticket.id, reservation.reservationNumber).catch(() => undefined);
    updateDraft({ reservation: undefined });
    // Next time Activate Parking comes straight here with this vehicle (decision 0111).
    if (vehicleId !== undefined) rememberLastVehicle({ vehicleId, licensePlate });
    await Promise.all([queryClient.invalidateQueries({ queryKey: garageKeys.all }), queryClient.invalidateQueries({ queryKey: vehiclesQueryOptions.queryKey })]);
    // Parking is on: the moment to offer the home-screen icon for next time (at most weekly).
    offerInstallAfterActivation();
    await navigate({ to: '/parkandpay/session', search: { licensePlate } });
  };

  const run = async (action: () => Promise<void>) => {
    const offline = offlineAlert();
    if (offline) return setAlert(offline);
    setIsBusy(true);
    try {
      await action();
    } catch (error: unknown) {
      setAlert(actionAlertFor(error));
    } finally {
      setIsBusy(false);
    }
  };

  const activate = () =>
    run(async () => {
      const found = (await fetchTicketsForPlate(licensePlate)).find((ticket) => ticket.status !== 'exited' && ticket.locationId === locationId);
      if (found) return finish(found);
      // The notice above the button said what a reported session means; no popup, no extra tap.
      if (showsNotice) return startReportedSession();
      setIsWarningOpen(true);
    });

  const startReportedSession = async () => {
    const ticket = await registerEntry({ locationId, licensePlate, entryTimeUtc: new Date().toISOString() });
    updateDraft({ manualEntry: true });
    await finish(ticket);
  };

  const continueWithoutMatch = () =>
    run(async () => {
      setIsWarningOpen(false);
      await startReportedSession();
    });

  const choosePrepaid = (answer: 'yes' | 'no') => {
    setPrepaid(answer);
    if (answer === 'no' && reservation) updateDraft({ reservation: undefined });
  };

  const fit = reservation ? reservationFit(reservation, { locationId, arrival: new Date(), isOversized: draft.isOversized ?? false }) : undefined;
  return (
    <ParkLayout title="Activate Parking">
      <p className="park-activation__vehicle">
        Vehicle <strong>{licensePlate}</strong>{' '}
        <Link to="/parkandpay/vehicles" className="link-button">{PARK_TEXT.changeVehicle}</Link>
      </p>
      <fieldset className="park-prepaid">
        <legend>{PARK_TEXT.prepaidQuestion}</legend>
        <label className="choice-row">
          <input type="radio" name={prepaidName} value="no" checked={!hasPrepaid} onChange={() => choosePrepaid('no')} /> No
        </label>
        <label className="choice-row">
          <input type="radio" name={prepaidName} value="yes" checked={hasPrepaid} onChange={() => choosePrepaid('yes')} /> Yes
        </label>
      </fieldset>
      {hasPrepaid && !reservation && (
        <Link to="/parkandpay/find-reservation" className="button button--secondary">{PARK_TEXT.findReservation}</Link>
      )}
      {reservation && fit && (
        <div className="notice">
          <p>
            Reservation {reservation.reservationNumber} ({reservation.aggregator}) applied: prepaid ${formatAmount(reservation.rate)} payment.
          </p>
          <p>{RESERVATION_FIT_TEXT[fit]}</p>
        </div>
      )}
      <p className="park-session__note">{PARK_TEXT.costAtExit}. Your card is charged when you leave.</p>
      {showsNotice && (
        <p className="notice park-activation__notice" id={noticeId}>
          {PARK_TEXT.reportedSessionNotice}
        </p>
      )}
      {methods.isPending && <p role="status">Loading...</p>}
      {saved.length > 0 && (
        <fieldset className="card-form__methods">
          <legend>Payment method</legend>
          {saved.map((method) => (
            <label key={method.customerPaymentMethodId} className="card-form__method">
              <input type="radio" name={name} checked={selected === String(method.customerPaymentMethodId)} onChange={() => setChoice(String(method.customerPaymentMethodId))} />
              {method.paymentMethodName.toUpperCase()} ending in {method.paymentMethodLast4}
            </label>
          ))}
          <label className="card-form__method">
            <input type="radio" name={name} checked={selected === NEW_CARD} onChange={() => setChoice(NEW_CARD)} />
            New credit card
          </label>
        </fieldset>
      )}
      {!methods.isPending && selected === NEW_CARD ? (
        <CardSetupForm defaultName={user?.displayName ?? ''} submitLabel="Save Card and Activate" onSuccess={(method) => (setChoice(String(method.customerPaymentMethodId)), void activate())} />
      ) : (
        <button type="button" className="button" disabled={isBusy || methods.isPending} aria-describedby={showsNotice ? noticeId : undefined} onClick={() => void activate()}>
          {isBusy ? 'Activating...' : 'Activate Parking'}
        </button>
      )}
      {isWarningOpen && (
        <ParkDialog
          title={PARK_TEXT.plateWarningTitle}
          onClose={() => setIsWarningOpen(false)}
          actions={
            <>
              <button type="button" className="button button--secondary" onClick={() => setIsWarningOpen(false)}>Go Back</button>
              <button type="button" className="button" disabled={isBusy} onClick={() => void continueWithoutMatch()}>Continue</button>
            </>
          }
        >
          <p>{PARK_TEXT.plateWarningText}</p>
        </ParkDialog>
      )}
      {alert && <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </ParkLayout>
  );
}
