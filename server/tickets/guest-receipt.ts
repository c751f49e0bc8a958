/** The receipt a guest asks for after paying a paper ticket (guest-payment.ts). */
import type { MailMessage } from '../mail/mailer.ts';
import type { PaymentRow } from '../payments/payment-store.ts';
import { formatMoney } from '../rates/money.ts';

export function guestReceiptMessage(input: { to: string; subject: string; ticketNumber: string; payment: PaymentRow }): MailMessage {
  const { payment } = input;
  const paidAt = new Date(payment.succeeded_at ?? payment.updated_at);
  const card = payment.card_brand && payment.card_last4 ? `${payment.card_brand.toUpperCase()} ending in ${payment.card_last4}` : 'Card';
  const lines = [
    'Hello,',
    '',
    `Thank you for paying for your parking. Ticket: ${input.ticketNumber}`,
    '',
    payment.description,
    `Amount paid: ${formatMoney(payment.amount_cents)}`,
    `Paid with: ${card}`,
    `Paid on: ${paidAt.toLocaleString('en-US', { timeZone: 'America/New_York', dateStyle: 'medium', timeStyle: 'short' })} (New York time)`,
    `Payment number: ${payment.payment_id}`,
    '',
    'ParkFair Customer Service',
  ];
  return { to: input.to, kind: 'ticket-receipt', subject: input.subject, text: lines.join('\n'), links: [] };
}
