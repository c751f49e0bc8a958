/**
 * Daily reservations under /reservations/api/reservations (spec 2 §3 "Reservation", §7). The
 * client sends only the quote it was shown (`rateInstanceId`) and the vehicle size; the price
 * comes from the server's stored rate instance, checked again against the rate engine.
 * A reservation is paid as the payable `reservation:<reservationId>` (src/contract/payments.ts).
 * Money is dollars with cents beside integer cents (`totalCents`), as in the payments contract.
 */
import * as v from 'valibot';
import { locationSchema } from './locations.ts';
import { isoDateTimeSchema, pagedSchema } from './paged.ts';

/** Spec 2 §9: "Cancellation up to 30 minutes before a reservation starts." */
export const CANCEL_BEFORE_START_MINUTES = 30;
/** A reservation waiting for payment holds its space this long from creation (decision 0102). */
export const PENDING_HOLD_MINUTES = 10;
/** Reservations one customer may hold at one garage for overlapping times (decision 0102). */
export const MAX_OVERLAPPING_PER_GARAGE = 4;

export const RESERVATION_MESSAGES = {
  /** Spec 2 §9 states the rule; this is its wording for the customer. */
  cancelTooLate: `Cancellation up to ${CANCEL_BEFORE_START_MINUTES} minutes before a reservation starts. This reservation can no longer be cancelled.`,
  alreadyRedeemed: 'This reservation has already been used at the garage and can no longer be cancelled.',
  unknownRate: 'This rate is not one we quoted. Please choose your times again to get a current rate.',
  expiredRate: 'This rate has expired: its start time has passed. Please choose new times.',
  changedRate: 'The rate for these times has changed. Please review the new rate and reserve again.',
  noRate: 'No online rate applies to these times. Please choose other times.',
  /** Spec 1 §5: the detail text for daily booking. */
  noOversized: 'This location does not accept Oversized Vehicles.',
  fullyBooked: 'This garage has no reservable spaces left for these times. Please choose other times or another garage.',
  notPayable: 'This reservation is not waiting for a payment.',
  holdExpired: `This space was held for you for ${PENDING_HOLD_MINUTES} minutes and the hold has run out. Please reserve again.`,
  customerLimit: `You already hold ${MAX_OVERLAPPING_PER_GARAGE} reservations at this garage for overlapping times, the most one account can hold. Please choose other times or cancel one first.`,
  /** Spec 2 §8: "Reservation or payment failure". */
  systemError: 'We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.',
} as const;

/** The rate instance id shape (UUID); the all-zero id means "no rate" and is refused with a message. */
export const rateInstanceIdSchema = v.pipe(v.string('rateInstanceId is required'), v.uuid('rateInstanceId must be a rate instance id from a rate calculation'));

export const createReservationBodySchema = v.object({
  rateInstanceId: rateInstanceIdSchema,
  isOversized: v.optional(v.boolean('isOversized must be true or false'), false),
});
export type CreateReservationBody = v.InferInput<typeof createReservationBodySchema>;

export const reservationStatusSchema = v.picklist(['pending', 'confirmed', 'cancelled']);

/** The garage as a reservation shows it: the location's own fields, those the pass needs. */
const reservationLocationSchema = v.pick(locationSchema, [
  'locationId',
  'locationNumber',
  'seoUrl',
  'locationDisplayText',
  'address1',
  'city',
  'state',
  'zip',
  'crossStreet',
  'latitude',
  'longitude',
  'reservationConfirmationCopy',
  'additionalInformation',
]);

/** Spec 2 §3 rateInstance, as the reservation keeps it. */
export const reservationRateSchema = v.object({
  rateInstanceId: v.string(),
  appliedPromotionCode: v.nullable(v.string()),
  rateMessage: v.string(),
  timeDescription: v.string(),
  locationId: v.number(),
  isEventRate: v.boolean(),
  serviceFeeAmount: v.number(),
  oversizedServiceFeeAmount: v.number(),
  rateDuration: v.number(),
  oversizeRate: v.number(),
  price: v.number(),
  tax: v.number(),
  rateWithTax: v.number(),
  discountAmount: v.number(),
  entryTimeUtc: isoDateTimeSchema,
  exitTimeUtc: isoDateTimeSchema,
});

export const reservationSchema = v.object({
  reservationId: v.number(),
  confirmationNumber: v.string(),
  /** What the gate scans: the confirmation number, which the redeem flows look up. */
  qrCode: v.string(),
  status: reservationStatusSchema,
  locationId: v.number(),
  location: reservationLocationSchema,
  reservationDateUtc: isoDateTimeSchema,
  isOversized: v.boolean(),
  isCancelled: v.boolean(),
  /** Not yet used at a gate. */
  isNotClaimed: v.boolean(),
  rateInstance: reservationRateSchema,
  /** What the driver pays: rate with tax plus the service fee (oversized: oversize rate plus its fee). */
  total: v.number(),
  totalCents: v.number(),
  /** `reservation:<id>`, for /payments/api. */
  systemEntityId: v.string(),
  paymentId: v.nullable(v.number()),
  canCancel: v.boolean(),
  cancelDeadlineUtc: isoDateTimeSchema,
  cancelledUtc: v.nullable(isoDateTimeSchema),
  refund: v.nullable(v.object({ refundId: v.number(), amount: v.number(), status: v.picklist(['pending', 'succeeded', 'failed']), createdUtc: isoDateTimeSchema })),
});
export type Reservation = v.InferOutput<typeof reservationSchema>;

export const reservationPageSchema = pagedSchema(reservationSchema);
export type ReservationPage = v.InferOutput<typeof reservationPageSchema>;

export const createdReservationSchema = v.object({ reservationId: v.number(), reservation: reservationSchema });

export const reservationEntityId = (reservationId: number) => `reservation:${reservationId}`;
