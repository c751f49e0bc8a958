/**
 * The confirmation mail of a daily reservation, sent once: the compare-and-set on
 * confirmation_mailed_at lets the payment hook (after its transaction) and a later read both try.
 * The statement that claims the mail also reads what it says (the reservation, its rate and its
 * garage): a confirmed payment sends it with one read-and-write and one insert into the outbox.
 */
import type { Db } from '../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { formatMoney, dollarsToCents } from '../rates/money.ts';
import { formatLocalWindow } from './window-text.ts';

/** Who gets the mail and what it says: the reservation as confirmed, with its rate and garage. */
export type ConfirmationMail = {
  email: string;
  displayName: string | null;
  confirmationNumber: string;
  isOversized: boolean;
  totalCents: number;
  garage: { displayText: string; address1: string; city: string; state: string; zip: string; confirmationCopy: string };
  rate: {
    entryTimeUtc: Date; exitTimeUtc: Date; price: number; tax: number; serviceFeeAmount: number;
    oversizeRate: number; oversizedServiceFeeAmount: number; appliedPromotionCode: string | null; discountAmount: number;
  };
};

export function reservationConfirmedMessage(mail: ConfirmationMail, link: string): MailMessage {
  const { rate, garage } = mail;
  const lines = [
    mail.displayName ? `Hello ${mail.displayName},` : 'Hello,',
    '',
    `Your parking is reserved. Confirmation number: ${mail.confirmationNumber}`,
    '',
    `${garage.displayText}`,
    `${garage.address1}, ${garage.city}, ${garage.state} ${garage.zip}`,
    formatLocalWindow(rate.entryTimeUtc.toISOString(), rate.exitTimeUtc.toISOString()),
    '',
    `Rate: ${formatMoney(dollarsToCents(mail.isOversized ? rate.oversizeRate : rate.price + rate.discountAmount))}`,
    `Tax: ${formatMoney(dollarsToCents(mail.isOversized ? 0 : rate.tax))}`,
    `Service fee: ${formatMoney(dollarsToCents(mail.isOversized ? rate.oversizedServiceFeeAmount : rate.serviceFeeAmount))}`,
    ...(rate.appliedPromotionCode ? [`Coupon ${rate.appliedPromotionCode}: -${formatMoney(dollarsToCents(rate.discountAmount))}`] : []),
    `Total: ${formatMoney(mail.totalCents)}`,
    '',
    garage.confirmationCopy,
    '',
    `Show your pass at the garage: ${link}`,
    `You can cancel up to 30 minutes before your reservation starts.`,
    '',
    'ParkFair Customer Service',
  ];
  return { to: mail.email, kind: 'reservation-confirmed', subject: `Your ParkFair reservation ${mail.confirmationNumber}`, text: lines.join('\n'), links: [link] };
}

type ClaimedRow = {
  email: string; display_name: string | null; confirmation_number: string; is_oversized: boolean; amount_cents: number;
  location_display_text: string; address1: string; city: string; state: string; zip: string; reservation_confirmation_copy: string;
  entry_time_utc: Date; exit_time_utc: Date; price: number; tax: number; service_fee_amount: number; oversize_rate: number;
  oversized_service_fee_amount: number; applied_promotion_code: string | null; discount_amount: number;
};

/**
 * Claims the confirmation mail of a confirmed reservation whose customer has an email on file, in
 * one statement that also reads what the mail says; answers undefined when there is nothing to
 * send (not confirmed, no email, or already claimed by another attempt).
 */
export async function claimConfirmationMail(db: Db, reservationId: number, now: Date): Promise<ConfirmationMail | undefined> {
  const [row] = await db.query<ClaimedRow>(
    `update daily_reservations d set confirmation_mailed_at = $2
     from customers c, rate_instances ri, locations l
     where d.reservation_id = $1 and d.status = 'confirmed' and d.confirmation_mailed_at is null and c.uid = d.owner_uid and c.email is not null
       and ri.rate_instance_id = d.rate_instance_id and l.location_id = d.location_id
     returning c.email, c.display_name, d.confirmation_number, d.is_oversized, d.amount_cents,
       l.location_display_text, l.address1, l.city, l.state, l.zip, l.reservation_confirmation_copy,
       ri.entry_time_utc, ri.exit_time_utc, ri.price, ri.tax, ri.service_fee_amount, ri.oversize_rate,
       ri.oversized_service_fee_amount, ri.applied_promotion_code, ri.discount_amount`,
    [reservationId, now],
  );
  if (!row) return undefined;
  return {
    email: row.email, displayName: row.display_name, confirmationNumber: row.confirmation_number, isOversized: row.is_oversized, totalCents: row.amount_cents,
    garage: { displayText: row.location_display_text, address1: row.address1, city: row.city, state: row.state, zip: row.zip, confirmationCopy: row.reservation_confirmation_copy },
    rate: {
      entryTimeUtc: row.entry_time_utc, exitTimeUtc: row.exit_time_utc, price: row.price, tax: row.tax, serviceFeeAmount: row.service_fee_amount,
      oversizeRate: row.oversize_rate, oversizedServiceFeeAmount: row.oversized_service_fee_amount, appliedPromotionCode: row.applied_promotion_code, discountAmount: row.discount_amount,
    },
  };
}
