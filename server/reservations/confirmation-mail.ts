/**
 * The confirmation mail of a daily reservation, sent once: the compare-and-set on
 * confirmation_mailed_at lets the payment hook (after its transaction) and a later read both try.
 */
import type { Reservation } from '../../src/contract/reservations.ts';
import type { Db } from '../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { formatMoney, dollarsToCents } from '../rates/money.ts';
import { formatLocalWindow } from './window-text.ts';

export function reservationConfirmedMessage(input: { to: string; displayName: string | null; reservation: Reservation; link: string }): MailMessage {
  const r = input.reservation;
  const rate = r.rateInstance;
  const lines = [
    input.displayName ? `Hello ${input.displayName},` : 'Hello,',
    '',
    `Your parking is reserved. Confirmation number: ${r.confirmationNumber}`,
    '',
    `${r.location.locationDisplayText}`,
    `${r.location.address1}, ${r.location.city}, ${r.location.state} ${r.location.zip}`,
    formatLocalWindow(rate.entryTimeUtc, rate.exitTimeUtc),
    '',
    `Rate: ${formatMoney(dollarsToCents(r.isOversized ? rate.oversizeRate : rate.price + rate.discountAmount))}`,
    `Tax: ${formatMoney(dollarsToCents(r.isOversized ? 0 : rate.tax))}`,
    `Service fee: ${formatMoney(dollarsToCents(r.isOversized ? rate.oversizedServiceFeeAmount : rate.serviceFeeAmount))}`,
    ...(rate.appliedPromotionCode ? [`Coupon ${rate.appliedPromotionCode}: -${formatMoney(dollarsToCents(rate.discountAmount))}`] : []),
    `Total: ${formatMoney(r.totalCents)}`,
    '',
    r.location.reservationConfirmationCopy,
    '',
    `Show your pass at the garage: ${input.link}`,
    `You can cancel up to 30 minutes before your reservation starts.`,
    '',
    'ParkFair Customer Service',
  ];
  return { to: input.to, kind: 'reservation-confirmed', subject: `Your ParkFair reservation ${r.confirmationNumber}`, text: lines.join('\n'), links: [input.link] };
}

/**
 * Claims the confirmation mail of a confirmed reservation whose customer has an email on file, in
 * one statement; answers where to send it, or undefined when there is nothing to send (not
 * confirmed, no email, or already claimed by another attempt).
 */
export async function claimConfirmationMail(db: Db, reservationId: number, now: Date): Promise<{ email: string; displayName: string | null } | undefined> {
  const [contact] = await db.query<{ email: string; display_name: string | null }>(
    `update daily_reservations d set confirmation_mailed_at = $2
     from customers c
     where d.reservation_id = $1 and d.status = 'confirmed' and d.confirmation_mailed_at is null and c.uid = d.owner_uid and c.email is not null
     returning c.email, c.display_name`,
    [reservationId, now],
  );
  return contact && { email: contact.email, displayName: contact.display_name };
}
