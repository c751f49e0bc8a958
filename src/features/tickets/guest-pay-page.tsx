/**
 * Pay a paper ticket as a guest (issue 38 item 4): a signed-out driver sees the priced ticket,
 * "Pay as guest" with the browser's payment sheet where it offers one and the shared card form
 * (new card only, nothing saved) and an optional email
 * for the receipt, alongside signing in (which keeps the ticket in Digital Tickets and offers
 * saved cards: the signed-in review, pay-review-page.tsx). No account and no text message: in a
 * garage the one-time code may never arrive. Success goes to the confirmation, as signed in.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useRef, useState } from 'react';
import type { Payment } from '../../contract/payments';
import { getErrorMessage } from '../../lib/errors';
import { BrowserPayButton } from '../../ui/browser-pay-button';
import { CardPaymentForm } from '../../ui/card-payment-form';
import { guestTicketPayment, sendGuestReceipt } from './guest-pay-api';
import { PlateCheckCard } from './plate-check-card';
import { canPayBalance } from './ticket-balance';
import { TicketLoadError, TicketLoading } from './ticket-load-state';
import { TICKET_TEXT } from './ticket-messages';
import { TicketSummary } from './ticket-summary';
import { ticketQueryKeys } from './tickets-api';
import { useTicketSession } from './use-ticket-session';
import './tickets.css';

export const GUEST_PAY_TEXT = {
  heading: 'Pay as guest',
  intro: 'No account or text message needed: pay with a card. Your ticket stays a paper ticket.',
  emailLabel: 'Email for a receipt (optional)',
  signInHeading: 'Or sign in',
  signInIntro: 'Sign in to pay with a saved card and keep this ticket in Digital Tickets.',
  signIn: 'Sign In to Pay',
  receiptFailed: (message: string) => `Your payment went through, but the receipt could not be sent: ${message}`,
} as const;

export function GuestPayPage({ ticketNumber, title }: { ticketNumber: string; title: string }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ticket = useTicketSession(ticketNumber);
  const [email, setEmail] = useState('');
  const [receiptError, setReceiptError] = useState<string>();
  const emailRef = useRef(email);
  emailRef.current = email;
  const payNewCard = useMemo(() => guestTicketPayment(ticketNumber), [ticketNumber]);

  const onPaid = async (payment: Payment) => {
    const to = emailRef.current.trim();
    if (to) {
      try {
        await sendGuestReceipt(ticketNumber, payment.paymentId, to);
      } catch (error: unknown) {
        // The money is taken: say the receipt failed, and still show the confirmation link.
        setReceiptError(GUEST_PAY_TEXT.receiptFailed(getErrorMessage(error)));
        return;
      }
    }
    await queryClient.invalidateQueries({ queryKey: ticketQueryKeys.session(ticketNumber) });
    await navigate({ to: '/pay-for-parking/$ticketNumber/confirmation', params: { ticketNumber } });
  };

  const data = ticket.data;
  return (
    <section className="ticket-page">
      <h1>{title}</h1>
      {ticket.isPending && <TicketLoading />}
      {ticket.isError && <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />}
      {data && <TicketSummary ticket={data} />}
      {data && <PlateCheckCard ticket={data} onChange={ticket.store} />}
      {data && canPayBalance(data) && (
        <div className="ticket-card" aria-labelledby={`${id}-guest`}>
          <h2 id={`${id}-guest`}>{GUEST_PAY_TEXT.heading}</h2>
          <p>{GUEST_PAY_TEXT.intro}</p>
          <div className="card-form__field">
            <label htmlFor={`${id}-email`}>{GUEST_PAY_TEXT.emailLabel}</label>
            <input id={`${id}-email`} name="receiptEmail" type="email" autoComplete="email" inputMode="email" maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
          </div>
          {/* The browser's payment sheet, as signed in: on the guest endpoints, nothing saved. */}
          <BrowserPayButton
            key={`browser-${data.paymentEntityId}-${data.amountDue}`}
            amount={data.amountDue}
            systemEntityId={data.paymentEntityId}
            label={TICKET_TEXT.browserPayLabel(ticketNumber)}
            payNewCard={payNewCard}
            onSuccess={(payment) => void onPaid(payment)}
            className="ticket-actions"
            buttonClassName="button"
          />
          <CardPaymentForm
            key={`${data.paymentEntityId}-${data.amountDue}-${data.appliedPromotionCode ?? ''}`}
            amount={data.amountDue}
            systemEntityId={data.paymentEntityId}
            allowSave={false}
            payNewCard={payNewCard}
            onSuccess={(payment) => void onPaid(payment)}
          />
          {receiptError && (
            <div role="alert" className="ticket-notice ticket-notice--warning">
              <p>{receiptError}</p>
              <Link to="/pay-for-parking/$ticketNumber/confirmation" params={{ ticketNumber }} className="button">
                Continue
              </Link>
            </div>
          )}
        </div>
      )}
      {data && canPayBalance(data) && (
        <div className="ticket-card">
          <h2>{GUEST_PAY_TEXT.signInHeading}</h2>
          <p>{GUEST_PAY_TEXT.signInIntro}</p>
          <Link to="/pay-for-parking/$ticketNumber" params={{ ticketNumber }} className="button button--secondary">
            {GUEST_PAY_TEXT.signIn}
          </Link>
        </div>
      )}
    </section>
  );
}
