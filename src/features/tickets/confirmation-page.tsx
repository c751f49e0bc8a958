/**
 * Payment confirmation (anonymous route): the ticket as priced after payment. A ticket the visitor
 * can no longer read (signed out after paying) still gets the thank-you with its number, and either
 * gets the exit pass (QR) the thank-you tells the driver to show at the exit.
 */
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { exitPassQrText } from '../../contract/exit-pass-text';
import { exitPassQr } from '../../lib/exit-pass-qr';
import { siteOrigin } from '../../lib/head';
import { garageKeys } from '../../lib/query-client';
import { ExitPassFigure } from '../../ui/exit-pass-figure';
import { formatAmount } from './ticket-format';
import { TICKET_TEXT } from './ticket-messages';
import { TicketSummary } from './ticket-summary';
import { useTicketSession } from './use-ticket-session';
import './tickets.css';

/**
 * "Show it at the exit" needs something to show (issue 38): the ticket's exit pass, the same QR
 * and figure as the parking session's (the gate reads the ticket number after the last slash).
 */
function PaidExitPass({ ticketNumber, address }: { ticketNumber: string; address: string }) {
  const origin = typeof window === 'undefined' ? siteOrigin() : window.location.origin;
  const qr = useMemo(() => exitPassQr(exitPassQrText(origin, ticketNumber)), [origin, ticketNumber]);
  return <ExitPassFigure ticketNumber={ticketNumber} licensePlate="" address={address} qr={qr} />;
}

export function ConfirmationPage({ ticketNumber }: { ticketNumber: string }) {
  const ticket = useTicketSession(ticketNumber);
  const queryClient = useQueryClient();
  // The parking session next shows this payment ("Paid · exit by …"), not its unpaid copy.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: garageKeys.all });
  }, [queryClient]);
  const data = ticket.data;
  const isSettled = data ? data.amountDue === 0 : false;
  return (
    <section className="ticket-page">
      <h1>{isSettled || !data ? 'Thank You!' : 'Payment Pending'}</h1>
      {data && isSettled && (
        <p className="ticket-notice" role="status">
          {data.amountPaid > 0 ? `Your payment of $${formatAmount(data.amountPaid)} was received. ` : ''}
          {TICKET_TEXT.paidInFull}
        </p>
      )}
      {data && !isSettled && <p className="ticket-notice ticket-notice--warning">A balance of ${formatAmount(data.amountDue)} is still due on this ticket.</p>}
      {!data && !ticket.isPending && <p>Ticket {ticketNumber}: your payment was received.</p>}
      {data && isSettled && data.status !== 'exited' && !data.isMonthlyTicket && <PaidExitPass ticketNumber={data.ticketNumber} address={data.address1} />}
      {!data && !ticket.isPending && <PaidExitPass ticketNumber={ticketNumber} address="" />}
      {data && <TicketSummary ticket={data} />}
      <div className="ticket-actions">
        <Link to="/retrieve-car/$ticketNumber" params={{ ticketNumber }} className="button">
          Retrieve My Car
        </Link>
        <Link to="/" className="button button--secondary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
