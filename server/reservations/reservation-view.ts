/** A reservation row, its rate instance and its garage, shaped as the contract's Reservation. */
import type { Location } from '../../src/contract/locations.ts';
import { reservationEntityId, type Reservation } from '../../src/contract/reservations.ts';
import type { Db } from '../db/client.ts';
import { findLocation } from '../locations/queries.ts';
import { toDollars } from '../rates/money.ts';
import { findRateInstance } from '../rates/queries.ts';
import type { ReservationRow } from './queries.ts';
import { cancelDeadline, isCancellable } from './reservation-rules.ts';

const iso = (date: Date | string) => new Date(date).toISOString();

export async function toReservation(db: Db, row: ReservationRow, now: Date, locations = new Map<number, Location>()): Promise<Reservation> {
  const [rate, location] = await Promise.all([
    findRateInstance(db, row.rate_instance_id),
    locations.get(row.location_id) ?? findLocation(db, row.location_id),
  ]);
  if (!rate || !location) throw new Error(`reservation ${row.reservation_id} lost its rate instance or garage`);
  locations.set(location.locationId, location);
  const entry = new Date(row.entry_time_utc);
  return {
    reservationId: row.reservation_id,
    confirmationNumber: row.confirmation_number,
    qrCode: row.confirmation_number,
    status: row.status,
    locationId: row.location_id,
    location: {
      locationId: location.locationId, locationNumber: location.locationNumber, seoUrl: location.seoUrl, locationDisplayText: location.locationDisplayText,
      address1: location.address1, city: location.city, state: location.state, zip: location.zip, crossStreet: location.crossStreet,
      latitude: location.latitude, longitude: location.longitude, reservationConfirmationCopy: location.reservationConfirmationCopy,
      additionalInformation: location.additionalInformation,
    },
    reservationDateUtc: iso(row.created_at),
    isOversized: row.is_oversized,
    isCancelled: row.status === 'cancelled',
    isNotClaimed: row.redeemed_ticket_id === null,
    rateInstance: {
      rateInstanceId: rate.rateInstanceId, appliedPromotionCode: rate.appliedPromotionCode, rateMessage: rate.rateMessage, timeDescription: rate.timeDescription,
      locationId: rate.locationId, isEventRate: rate.isEventRate, serviceFeeAmount: rate.serviceFeeAmount, oversizedServiceFeeAmount: rate.oversizedServiceFeeAmount,
      rateDuration: rate.rateDuration, oversizeRate: rate.oversizeRate, price: rate.price, tax: rate.tax, rateWithTax: rate.rateWithTax,
      discountAmount: rate.discountAmount, entryTimeUtc: rate.entryTimeUtc, exitTimeUtc: rate.exitTimeUtc,
    },
    total: toDollars(row.amount_cents),
    totalCents: row.amount_cents,
    systemEntityId: reservationEntityId(row.reservation_id),
    paymentId: row.payment_id,
    canCancel: row.status !== 'cancelled' && row.redeemed_ticket_id === null && isCancellable(entry, now),
    cancelDeadlineUtc: cancelDeadline(entry).toISOString(),
    cancelledUtc: row.cancelled_at ? iso(row.cancelled_at) : null,
    refund: row.refund_id !== null && row.refund_status !== null && row.refund_created_at !== null
      ? { refundId: row.refund_id, amount: toDollars(row.refund_amount_cents ?? 0), status: row.refund_status, createdUtc: iso(row.refund_created_at) }
      : null,
  };
}
