/**
 * A guest paying a paper ticket with a new card, no account (server/tickets/guest-payment.ts):
 * the same three steps as the signed-in flow of src/lib/card-payment-flow.ts (initialize with an
 * Idempotency-Key, confirm with the processor in the browser, poll until settled) on the guest
 * endpoints of the ticket, with the same retry counts. The receipt by email is asked afterwards.
 */
import * as v from 'valibot';
import { paymentInitSchema, paymentSchema, type Payment } from '../../contract/payments';
import { apiFetch } from '../../lib/api-client';
import type { NewCard, PaymentAttempt } from '../../lib/card-payment-flow';
import { newIdempotencyKey, withRetries } from '../../lib/payments-client';
import { confirmStripeIntent, confirmTestIntent, tokenizeTestCard } from '../../lib/stripe';

const guestPath = (ticketNumber: string) => `/payments/api/guest/tickets/${encodeURIComponent(ticketNumber)}/payments`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const receiptSchema = v.object({ email: v.string(), isSent: v.boolean() });

/** The card form's `payNewCard` for a guest paying `ticketNumber`. */
export function guestTicketPayment(ticketNumber: string) {
  return async (systemEntityId: string, card: NewCard, attempt: PaymentAttempt): Promise<Payment> => {
    // The test processor tokenises first, so a refused card never opens a payment.
    const tokenized = card.kind === 'test-processor' ? await tokenizeTestCard(card.details) : undefined;
    const key = newIdempotencyKey();
    const { paymentId, clientSecret } = await withRetries(
      () => apiFetch(`${guestPath(ticketNumber)}/initialize`, { method: 'POST', json: { systemEntityId, paymentId: attempt.paymentId }, schema: paymentInitSchema, headers: { 'Idempotency-Key': key } }),
      { retries: 2, delayMs: 500 },
    );
    attempt.paymentId = paymentId;
    if (card.kind === 'stripe') await confirmStripeIntent('payment', card.handle, clientSecret, { name: card.name, zip: card.zip });
    else await confirmTestIntent('payment', clientSecret, tokenized ?? '');
    let payment: Payment | undefined;
    for (let poll = 0; poll < 30; poll += 1) {
      payment = await withRetries(() => apiFetch(`${guestPath(ticketNumber)}/${paymentId}`, { schema: paymentSchema }), { retries: 2, delayMs: 500 });
      if (payment.isSettled) break;
      await sleep(1000);
    }
    if (!payment) throw new Error('The payment could not be read.');
    return payment;
  };
}

/** Mails the receipt of a guest payment to `email` (once per address; the server refuses repeats politely). */
export function sendGuestReceipt(ticketNumber: string, paymentId: number, email: string) {
  const key = newIdempotencyKey();
  return withRetries(
    () => apiFetch(`${guestPath(ticketNumber)}/${paymentId}/receipt`, { method: 'POST', json: { email }, schema: receiptSchema, headers: { 'Idempotency-Key': key } }),
    { retries: 2, delayMs: 500 },
  );
}
