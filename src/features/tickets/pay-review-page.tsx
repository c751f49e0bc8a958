/**
 * Pay for parking, review step (route pay-for-parking-review, signed in; also the retrieve-car
 * summary's payment step): the priced ticket, the plate check (spec 3 §4: plate mismatch, minimum
 * rate with an audit review), the coupon card, then either the shared card form and browser pay
 * for the amount due (the session's `paymentEntityId`: `ticket:<number>`, or `ticket:<number>.2`
 * for the balance of an overstay after a first payment; the server prices it) or, when a coupon
 * covers it all, a button that settles the ticket with apply-payment. Success goes to the
 * confirmation.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Component, useState, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { BrowserPayButton } from '../../ui/browser-pay-button';
import { CardPaymentForm } from '../../ui/card-payment-form';
import { CouponCard } from './coupon-card';
import { PlateCheckCard } from './plate-check-card';
import { offlineAlert, ticketAlertFor, type TicketAlert } from './ticket-alert';
import { TicketAlertDialog } from './ticket-dialog';
import { canPayBalance, canUseCoupon } from './ticket-balance';
import { TicketLoadError, TicketLoading } from './ticket-load-state';
import { TICKET_TEXT } from './ticket-messages';
import { TicketSummary } from './ticket-summary';
import { applyPayment, ticketQueryKeys } from './tickets-api';
import { useTicketSession } from './use-ticket-session';
import './tickets.css';

/** Error boundary around the payment form: a form that cannot render says so (spec 3 §8). */
class PaymentBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? <p role="alert" className="ticket-notice ticket-notice--warning">{TICKET_TEXT.paymentFormMissing}</p> : this.props.children;
  }
}

export function PayReviewPage({ ticketNumber, title }: { ticketNumber: string; title: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const ticket = useTicketSession(ticketNumber);
  const [alert, setAlert] = useState<TicketAlert>();
  const [isSettling, setIsSettling] = useState(false);

  const toConfirmation = async () => {
    await queryClient.invalidateQueries({ queryKey: ticketQueryKeys.session(ticketNumber) });
    await navigate({ to: '/pay-for-parking/$ticketNumber/confirmation', params: { ticketNumber } });
  };

  const settleCovered = async () => {
    const offline = offlineAlert();
    if (offline) return setAlert(offline);
    setIsSettling(true);
    try {
      ticket.store(await applyPayment(ticketNumber, ticket.data?.appliedPromotionCode));
      await toConfirmation();
    } catch (error: unknown) {
      setAlert(ticketAlertFor(error));
    } finally {
      setIsSettling(false);
    }
  };

  const data = ticket.data;
  const isUnpaid = data && canUseCoupon(data);
  return (
    <section className="ticket-page">
      <h1>{title}</h1>
      {ticket.isPending && <TicketLoading />}
      {ticket.isError && <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />}
      {data && <TicketSummary ticket={data} />}
      {data && <PlateCheckCard ticket={data} onChange={ticket.store} />}
      {data && isUnpaid && <CouponCard ticket={data} onChange={ticket.store} />}
      {data && isUnpaid && data.amountDue === 0 && (
        <button type="button" className="button" disabled={isSettling} onClick={() => void settleCovered()}>
          Complete
        </button>
      )}
      {data && canPayBalance(data) && (
        <PaymentBoundary>
          <BrowserPayButton
            key={`browser-${data.paymentEntityId}-${data.amountDue}`}
            amount={data.amountDue}
            systemEntityId={data.paymentEntityId}
            label={TICKET_TEXT.browserPayLabel(ticketNumber)}
            onSuccess={() => void toConfirmation()}
            className="ticket-actions"
            buttonClassName="button"
          />
          <CardPaymentForm
            key={`${data.paymentEntityId}-${data.amountDue}-${data.appliedPromotionCode ?? ''}`}
            amount={data.amountDue}
            systemEntityId={data.paymentEntityId}
            defaultName={user?.displayName ?? ''}
            allowSave
            onSuccess={() => void toConfirmation()}
          />
        </PaymentBoundary>
      )}
      {alert && <TicketAlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(undefined)} />}
    </section>
  );
}
