/**
 * Retrieve car (spec 3 §2, §4): the ticket details with "Request My Car" (call-car, which puts the
 * car in the attendant's queue), then the summary: the call is confirmed, the driver can tell the
 * garage they have arrived (report-arrival) and pay any balance before reaching the exit.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { PayLink } from './pay-link';
import { useState } from 'react';
import { offlineAlert, ticketAlertFor, type TicketAlert } from './ticket-alert';
import { TicketAlertDialog } from './ticket-dialog';
import { PlateCheckCard } from './plate-check-card';
import { canPayBalance } from './ticket-balance';
import { TicketLoadError, TicketLoading } from './ticket-load-state';
import { TicketSummary } from './ticket-summary';
import { callCar, reportArrival } from './tickets-api';
import { useTicketSession } from './use-ticket-session';
import type { RetrieveCarSession } from '../../contract/tickets';
import './tickets.css';

function useTicketAction(ticketNumber: string) {
  const ticket = useTicketSession(ticketNumber);
  const [alert, setAlert] = useState<TicketAlert>();
  const [isBusy, setIsBusy] = useState(false);
  const run = async (action: () => Promise<RetrieveCarSession>): Promise<boolean> => {
    const offline = offlineAlert();
    if (offline) return (setAlert(offline), false);
    setIsBusy(true);
    try {
      ticket.store(await action());
      return true;
    } catch (error: unknown) {
      setAlert(ticketAlertFor(error));
      return false;
    } finally {
      setIsBusy(false);
    }
  };
  const dialog = alert && <TicketAlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />;
  return { ticket, run, isBusy, dialog };
}

export function RetrieveDetailsPage({ ticketNumber }: { ticketNumber: string }) {
  const navigate = useNavigate();
  const { ticket, run, isBusy, dialog } = useTicketAction(ticketNumber);
  const toSummary = () => void navigate({ to: '/retrieve-car/$ticketNumber/summary', params: { ticketNumber } });
  const request = async () => {
    if (await run(() => callCar(ticketNumber))) toSummary();
  };
  return (
    <section className="ticket-page">
      <h1>Retrieve Vehicle</h1>
      {ticket.isPending && <TicketLoading />}
      {ticket.isError && <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />}
      {ticket.data && (
        <>
          <TicketSummary ticket={ticket.data} />
          <PlateCheckCard ticket={ticket.data} onChange={ticket.store} />
          <div className="ticket-actions">
            {ticket.data.status !== 'exited' &&
              (ticket.data.isCarCalled ? (
                <button type="button" className="button" onClick={toSummary}>
                  View Request
                </button>
              ) : (
                <button type="button" className="button" disabled={isBusy} onClick={() => void request()}>
                  Request My Car
                </button>
              ))}
            <Link to="/leavefast/choose/{-$ticketNumber}" params={{ ticketNumber }} className="button button--secondary">
              Back
            </Link>
          </div>
        </>
      )}
      {dialog}
    </section>
  );
}

export function RetrieveSummaryPage({ ticketNumber }: { ticketNumber: string }) {
  const { ticket, run, isBusy, dialog } = useTicketAction(ticketNumber);
  const [hasArrived, setHasArrived] = useState(false);
  const arrive = async () => setHasArrived(await run(() => reportArrival(ticketNumber)));
  const data = ticket.data;
  return (
    <section className="ticket-page">
      <h1>Your Car Is Requested</h1>
      {ticket.isPending && <TicketLoading />}
      {ticket.isError && <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />}
      {data && (
        <>
          <TicketSummary ticket={data} />
          <div className="ticket-actions">
            {canPayBalance(data) && (
              <PayLink ticketNumber={ticketNumber} label="Pay Balance" signedInTo="/retrieve-car/$ticketNumber/summary/payment" />
            )}
            {hasArrived || data.isUserAtLocation ? (
              <p className="ticket-notice">Thanks, the attendant knows you are at the garage.</p>
            ) : (
              <button type="button" className="button button--secondary" disabled={isBusy} onClick={() => void arrive()}>
                I'm at the Garage
              </button>
            )}
          </div>
        </>
      )}
      {dialog}
    </section>
  );
}
