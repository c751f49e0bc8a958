/**
 * Redeem a reservation on a ticket (route leavefast-redeem, spec 3 §2, §4): the ticket is priced
 * with the reservation (calculate-aggregator-payment, which also says how the reservation fits),
 * then "Redeem Reservation" applies it. What is left to pay goes to the pay-for-parking review.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReservationFit } from '../../contract/tickets';
import { offlineAlert, redeemAlertFor, type TicketAlert } from './ticket-alert';
import { TicketAlertDialog } from './ticket-dialog';
import { formatAmount } from './ticket-format';
import { TicketLoadError, TicketLoading } from './ticket-load-state';
import { TicketSummary } from './ticket-summary';
import { applyAggregatorPayment, calculateAggregatorPayment, ticketQueryKeys } from './tickets-api';
import './tickets.css';

const FIT_TEXT: Record<ReservationFit, string> = {
  DoesntApply: 'This reservation does not apply to this ticket.',
  PaidInFull: 'Your reservation covers this parking in full.',
  OversizeSurcharge: 'Your reservation covers this parking; an oversize vehicle surcharge is due.',
  OutsideOfReservationWindow: 'You parked outside your reservation window; the extra time is due.',
  OutsideOfReservationWindowAndOversizeSurcharge: 'You parked outside your reservation window and an oversize surcharge applies; the balance is due.',
};

export function RedeemPage({ ticketNumber, reservationNumber }: { ticketNumber: string; reservationNumber: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: [...ticketQueryKeys.session(ticketNumber), 'reservation', reservationNumber],
    queryFn: () => calculateAggregatorPayment(ticketNumber, reservationNumber),
    retry: false,
    networkMode: 'always',
  });
  const [alert, setAlert] = useState<TicketAlert>();
  const [redeemedDue, setRedeemedDue] = useState<number>();
  const [isBusy, setIsBusy] = useState(false);

  const redeem = async () => {
    const offline = offlineAlert();
    if (offline) return setAlert(offline);
    setIsBusy(true);
    try {
      const session = await applyAggregatorPayment(ticketNumber, reservationNumber);
      queryClient.setQueryData(ticketQueryKeys.session(ticketNumber), session);
      if (session.amountDue > 0) await navigate({ to: '/pay-for-parking/$ticketNumber', params: { ticketNumber } });
      else setRedeemedDue(session.amountDue);
    } catch (error: unknown) {
      setAlert(redeemAlertFor(error));
    } finally {
      setIsBusy(false);
    }
  };

  const data = preview.data;
  const fit = data?.reservationFit;
  return (
    <section className="ticket-page">
      <h1>Redeem Reservation</h1>
      <p>
        Reservation <strong>{reservationNumber}</strong> on ticket <strong>{ticketNumber}</strong>
      </p>
      {preview.isPending && <TicketLoading />}
      {preview.isError && <TicketLoadError error={preview.error} onRetry={() => void preview.refetch()} />}
      {data && <TicketSummary ticket={data} />}
      {fit && <p className={fit === 'PaidInFull' ? 'ticket-notice' : 'ticket-notice ticket-notice--warning'}>{FIT_TEXT[fit]}</p>}
      {redeemedDue !== undefined ? (
        <p className="ticket-notice" role="status">
          Your reservation has been applied. Nothing is left to pay (${formatAmount(redeemedDue)}).
        </p>
      ) : (
        data &&
        fit !== 'DoesntApply' && (
          <button type="button" className="button" disabled={isBusy} onClick={() => void redeem()}>
            Redeem Reservation
          </button>
        )
      )}
      <Link to="/leavefast/choose/{-$ticketNumber}" params={{ ticketNumber }} className="button button--secondary">
        Back
      </Link>
      {alert && <TicketAlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </section>
  );
}
