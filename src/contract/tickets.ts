/**
 * Garage tickets as the client and the ticket service see them (spec 3 §3 "Retrieve-car session",
 * §5 "QR code", §7 ticket service calls). Shared by the QR scanner, the typed ticket entry and the
 * server, so all three apply the same ticket-number rule.
 *
 * A ticket number is what follows the last slash of a scanned value (QR codes on paper tickets
 * hold a URL such as https://parkfair.example/app/ABC1234), upper-cased. It is either the 23-digit
 * barcode number of a gate ticket or a 6–7 character alphanumeric code (digital tickets,
 * provisional passes). The original checked a length limit of 25 while its message said 23; we use
 * one rule: at most 23 characters, with the message that says 23.
 */
import * as v from 'valibot';
import { normalizeCode, normalizePlate } from './typed-codes.ts';

export const TICKET_NUMBER_MAX_LENGTH = 23;
export const TICKET_NUMBER_PATTERN = /^(?:\d{23}|[A-Z0-9]{6,7})$/;
/**
 * How much a ticket-number box takes: a 23-digit number typed in groups ("1044 2611 2300 …",
 * even "1044 - 2611 - …") must fit whole; the rule is checked on the number without them.
 */
export const TYPED_TICKET_MAX_LENGTH = 64;

/**
 * The QR texts are the spec's (§5, §8) and belong to scans only. The spec has no text for a typed
 * number: a typed value gets its own field messages, never a "QR Code" one (nothing was scanned),
 * worded like the spec's other field errors.
 */
export const TICKET_MESSAGES = {
  qrRequired: 'QR Code is required',
  qrTooLong: `Maximum length of QR Code should not be greater than ${TICKET_NUMBER_MAX_LENGTH} characters`,
  /** Spec 3 §8 "Invalid QR" alert. */
  invalidQrTitle: 'Invalid QR Code',
  invalidQrText: 'The QR Code is invalid. Please scan the QR Code on your ticket.',
  ticketNumberRequired: 'Ticket Number field is required',
  ticketNumberFormat: 'A ticket number is 23 digits or 6 to 7 letters and digits.',
} as const;

/**
 * The text after the last slash (spec 3 §2 "QR scanner": QR codes hold a URL), upper-cased, and
 * without separators, so a typed "1044 2611 2300 0100 4821 001" is the number on the ticket.
 */
export function extractTicketNumber(scanned: string): string {
  return normalizeCode(scanned.slice(scanned.lastIndexOf('/') + 1));
}

export type TicketNumberResult = { ok: true; ticketNumber: string } | { ok: false; message: string };

/** Validates a scanned or typed value; the message is one of TICKET_MESSAGES. */
export function parseTicketNumber(scanned: string): TicketNumberResult {
  const ticketNumber = extractTicketNumber(scanned);
  if (ticketNumber === '') return { ok: false, message: TICKET_MESSAGES.qrRequired };
  if (ticketNumber.length > TICKET_NUMBER_MAX_LENGTH) return { ok: false, message: TICKET_MESSAGES.qrTooLong };
  if (!TICKET_NUMBER_PATTERN.test(ticketNumber)) return { ok: false, message: TICKET_MESSAGES.invalidQrText };
  return { ok: true, ticketNumber };
}

/** Validates a typed ticket number (forgiving about case and separators), with field messages, never QR ones. */
export function parseTypedTicketNumber(typed: string): TicketNumberResult {
  const ticketNumber = extractTicketNumber(typed);
  if (ticketNumber === '') return { ok: false, message: TICKET_MESSAGES.ticketNumberRequired };
  if (!TICKET_NUMBER_PATTERN.test(ticketNumber)) return { ok: false, message: TICKET_MESSAGES.ticketNumberFormat };
  return { ok: true, ticketNumber };
}

export const isTicketNumber = (value: string): boolean => TICKET_NUMBER_PATTERN.test(value);

/** A ticket number in a URL or body: normalised like a scan, 400 with the rule when malformed. */
export const ticketNumberSchema = v.pipe(
  v.string('ticketNumber is required'),
  v.transform(extractTicketNumber),
  v.minLength(1, TICKET_MESSAGES.qrRequired),
  v.maxLength(TICKET_NUMBER_MAX_LENGTH, TICKET_MESSAGES.qrTooLong),
  v.regex(TICKET_NUMBER_PATTERN, TICKET_MESSAGES.ticketNumberFormat),
);

/** Spec 3 §7: `parkingAggregatorType` is 500 in every call the client makes. */
export const PARKING_AGGREGATOR_TYPE = 500;

const ticketIdSchema = v.pipe(
  v.union([v.number(), v.string()], 'ticketId must be a number'),
  v.transform(String),
  v.regex(/^\d{1,9}$/, 'ticketId must be a positive whole number'),
  v.transform(Number),
);

/**
 * A licence plate the driver entered (typed, or one of their vehicles): upper-cased without
 * separators, then letters and digits, at most 10 (spec 3 §5). The same rule as the garage API's
 * plates, kept here because parking-system.ts imports this module.
 */
export const enteredPlateSchema = v.pipe(
  v.string('licensePlate must be text'),
  v.transform(normalizePlate),
  v.minLength(1, 'licensePlate is required'),
  v.maxLength(10, 'License Plate must be at most 10 characters'),
  v.regex(/^[A-Z0-9]+$/, 'License Plate must contain only letters and numbers'),
);

/**
 * Body of call-car, calculate-rate, call-car-and-get-rate, report-arrival (spec 3 §7). The
 * optional `licensePlate` is the plate the driver entered: the answer then says whether it matches
 * the car the garage recorded on this ticket (`isPlateMismatch`).
 */
export const ticketCallBodySchema = v.object({
  ticketId: v.nullish(ticketIdSchema),
  minutes: v.optional(v.pipe(v.number('minutes must be a number'), v.integer(), v.minValue(0)), 0),
  gatewayClientVersion: v.nullish(v.pipe(v.string(), v.maxLength(40))),
  parkingAggregatorType: v.optional(v.literal(PARKING_AGGREGATOR_TYPE, `parkingAggregatorType must be ${PARKING_AGGREGATOR_TYPE}`)),
  licensePlate: v.nullish(enteredPlateSchema),
});

/** Body of confirm-plate: the driver goes on with a plate that matched no car (spec 3 §4). */
export const confirmPlateBodySchema = v.object({ ticketId: v.nullish(ticketIdSchema), licensePlate: enteredPlateSchema });

/**
 * The payable a ticket's amount due is paid as (`systemEntityId` of /payments/api). The first
 * payment is `ticket:<number>`; a driver who overstays the grace period pays the difference as
 * `ticket:<number>.2`, then `.3`…: each balance has its own payable, so the payments module's
 * "one success per payable" lets a second, different payment through and still refuses to
 * charge the same balance twice.
 */
export function ticketPaymentEntityId(ticketNumber: string, paymentNumber: number): string {
  return paymentNumber <= 1 ? `ticket:${ticketNumber}` : `ticket:${ticketNumber}.${paymentNumber}`;
}

/** The entity id after `ticket:` → ticket number and payment number; undefined when malformed. */
export function parseTicketPaymentId(entityId: string): { ticketNumber: string; paymentNumber: number } | undefined {
  const match = /^([A-Z0-9]{6,7}|\d{23})(?:\.([2-9]|[1-9]\d))?$/.exec(entityId);
  if (!match?.[1]) return undefined;
  return { ticketNumber: match[1], paymentNumber: match[2] ? Number(match[2]) : 1 };
}

export const RESERVATION_NUMBER_PATTERN = /^[A-Z0-9-]{4,24}$/;
export const reservationNumberSchema = v.pipe(
  v.string('reservationNumber is required'),
  v.transform((value) => value.trim().toUpperCase()),
  v.regex(RESERVATION_NUMBER_PATTERN, 'A reservation number is 4 to 24 letters, digits or hyphens.'),
);

export const aggregatorBodySchema = v.object({ ticketId: v.nullish(ticketIdSchema), reservationNumber: reservationNumberSchema });
export const applyPaymentBodySchema = v.object({ ticketId: v.nullish(ticketIdSchema), code: v.nullish(v.pipe(v.string(), v.maxLength(40))) });
export const couponBodySchema = v.object({ ticketId: v.nullish(ticketIdSchema) });

/** Spec 3 §3 "Reservation fit enumeration". */
export const RESERVATION_FITS = ['DoesntApply', 'PaidInFull', 'OversizeSurcharge', 'OutsideOfReservationWindow', 'OutsideOfReservationWindowAndOversizeSurcharge'] as const;
export type ReservationFit = (typeof RESERVATION_FITS)[number];

export const AGGREGATORS = ['ParkFair', 'SpotHero', 'ParkWhiz'] as const;
export type Aggregator = (typeof AGGREGATORS)[number];

/** URL segment → provider: "spothero", "SpotHero" and "spot-hero" all name SpotHero. */
export function parseAggregator(value: string): Aggregator | undefined {
  const key = value.toLowerCase().replace(/[\s_-]+/g, '');
  return AGGREGATORS.find((name) => name.toLowerCase() === key);
}

/** Spec 3 §3 "Reservation (aggregator lookup)". */
export const aggregatorReservationSchema = v.object({
  id: v.number(),
  reservationNumber: v.string(),
  address: v.string(),
  locationId: v.number(),
  checkIn: v.string(),
  checkOut: v.string(),
  rate: v.number(),
  aggregator: v.picklist(AGGREGATORS),
  isRedeemed: v.boolean(),
});
export type AggregatorReservation = v.InferOutput<typeof aggregatorReservationSchema>;

/**
 * Why a found reservation cannot be used here, said plainly (the spec has no texts for these:
 * ours): already used, expired (its check-out has passed: it pays nothing now, whatever its
 * window would make of the stay), or bought for another garage — naming the garage it is for.
 */
export type ReservationStanding = 'redeemed' | 'expired' | 'elsewhere';

export function reservationStanding(reservation: AggregatorReservation, at: { now: Date; isThisGarage: boolean }): ReservationStanding | undefined {
  if (reservation.isRedeemed) return 'redeemed';
  if (Date.parse(reservation.checkOut) < at.now.getTime()) return 'expired';
  if (!at.isThisGarage) return 'elsewhere';
  return undefined;
}

/** `when` formats the check-out time for the driver (the client's New York clock). */
export function reservationStandingText(standing: ReservationStanding, reservation: AggregatorReservation, when: (iso: string) => string): string {
  const name = `${reservation.aggregator} reservation ${reservation.reservationNumber}`;
  switch (standing) {
    case 'redeemed':
      return `${name} has already been used.`;
    case 'expired':
      return `${name} expired on ${when(reservation.checkOut)}. It was for ${reservation.address}.`;
    case 'elsewhere':
      return `${name} is for ${reservation.address}, not this garage.`;
  }
}

/** Spec 3 §3 "Retrieve-car session" (amounts in dollars), plus the reservation fit when one was checked. */
export const retrieveCarSessionSchema = v.object({
  ticketId: v.number(),
  address1: v.string(),
  crossStreet: v.string(),
  ticketNumber: v.string(),
  amountDue: v.number(),
  amount: v.number(),
  minutes: v.number(),
  serviceFeeAmount: v.number(),
  locationNumber: v.string(),
  reservationNumber: v.nullable(v.string()),
  isMonthlyTicket: v.boolean(),
  appliedPromotionCode: v.nullable(v.string()),
  isFullyCoveredByCoupon: v.boolean(),
  isUserAtLocation: v.boolean(),
  amountPaid: v.number(),
  /** What a redeemed reservation covers (a line of its own, decision 0110); absent on copies saved before it was sent. */
  reservationCredit: v.optional(v.number()),
  status: v.picklist(['open', 'paid', 'exited']),
  isCarCalled: v.boolean(),
  reservationFit: v.optional(v.picklist(RESERVATION_FITS)),
  /** The reservation that was checked (calculate-aggregator-payment): expired or for which garage. */
  reservation: v.optional(aggregatorReservationSchema),
  /** The plate the driver entered (or, signed in, none of their vehicles) is not the car on this ticket. */
  isPlateMismatch: v.boolean(),
  /** The ticket waits for an audit review (its plate matched no car on the lot). */
  isAuditReview: v.boolean(),
  /** `amount` is the garage's minimum rate, not the time parked (audit review, spec 3 §4). */
  isMinimumCharge: v.boolean(),
  /** ISO time until which a paid ticket may leave; after it the clock runs again. */
  exitBy: v.nullable(v.string()),
  /** The `systemEntityId` that pays `amountDue` (see ticketPaymentEntityId). */
  paymentEntityId: v.string(),
  /** Where and since when, for the next price step on the pay screen (optional: older copies lack them). */
  locationId: v.optional(v.number()),
  entryTimeUtc: v.optional(v.string()),
});
export type RetrieveCarSession = v.InferOutput<typeof retrieveCarSessionSchema>;

export const carCallSchema = v.object({
  callId: v.number(),
  ticketNumber: v.string(),
  licensePlate: v.nullable(v.string()),
  calledAt: v.string(),
  isUserAtLocation: v.boolean(),
});
