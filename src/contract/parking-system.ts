/**
 * The garage (parking-system) API under /parking-system/api (spec 3 §7 "Parking-system API"):
 * entry and exit events, tickets with amounts that grow as time passes, provisional passes and
 * their conversion into tickets. Amounts are dollars, times ISO 8601 UTC; `entryTime.localTime`
 * is the New York wall-clock time the session screen shows.
 */
import * as v from 'valibot';
import { isoDateTimeSchema, recordIdSchema } from './paged.ts';
import { ticketNumberSchema } from './tickets.ts';
import { normalizePlate } from './typed-codes.ts';

export const LICENSE_PLATE_MAX_LENGTH = 10;

export const licensePlateSchema = v.pipe(
  v.string('licensePlate is required'),
  v.transform(normalizePlate),
  v.minLength(1, 'licensePlate is required'),
  v.maxLength(LICENSE_PLATE_MAX_LENGTH, `License Plate must be at most ${LICENSE_PLATE_MAX_LENGTH} characters`),
  v.regex(/^[A-Z0-9]+$/, 'License Plate must contain only letters and numbers'),
);

const positiveId = recordIdSchema;

export const entryEventBodySchema = v.object({
  locationId: positiveId('locationId'),
  licensePlate: licensePlateSchema,
  entryTimeUtc: isoDateTimeSchema,
});

export const exitEventBodySchema = v.object({
  ticketNumber: ticketNumberSchema,
  exitTime: isoDateTimeSchema,
});

export const convertPassBodySchema = v.object({ vehicleId: positiveId('vehicleId') });

export const TICKET_STATUSES = ['open', 'paid', 'exited'] as const;

export const garageTicketSchema = v.object({
  id: v.number(),
  ticketNumber: v.string(),
  locationId: v.number(),
  locationNumber: v.string(),
  address1: v.string(),
  entryTimeUtc: v.string(),
  entryTime: v.object({ utcTime: v.string(), localTime: v.string() }),
  exitTimeUtc: v.nullable(v.string()),
  status: v.picklist(TICKET_STATUSES),
  isMonthly: v.boolean(),
  vehicle: v.object({ licensePlate: v.nullable(v.string()) }),
  minutes: v.number(),
  amount: v.number(),
  serviceFeeAmount: v.number(),
  amountDue: v.number(),
  amountPaid: v.number(),
  /**
   * A paid ticket leaves without paying more until this instant (the grace after the last
   * payment); null when unpaid, exited or the grace is over. Optional: copies saved on a device
   * before it existed still read.
   */
  exitByUtc: v.optional(v.nullable(v.string())),
  /**
   * Charged the garage's minimum rate whatever the time (spec 3 §4: an audit review, or a
   * park-and-pay entry the lot did not see): the board's next price step does not apply.
   * Optional: copies saved on a device before it existed still read.
   */
  isMinimumCharge: v.optional(v.boolean()),
});
export type GarageTicket = v.InferOutput<typeof garageTicketSchema>;

/** GET management/tickets/{ticketNumber}/rate. */
export const ticketRateSchema = v.object({
  ticketNumber: v.string(),
  locationId: v.number(),
  entryTime: v.string(),
  minutes: v.number(),
  amount: v.number(),
  tax: v.number(),
  serviceFeeAmount: v.number(),
  amountDue: v.number(),
  amountPaid: v.number(),
});
export type TicketRate = v.InferOutput<typeof ticketRateSchema>;

/** Spec 3 §3 "Provisional pass": ticketNumber, entryTimeUtc, locationId. */
export const provisionalPassSchema = v.object({
  id: v.number(),
  ticketNumber: v.string(),
  entryTimeUtc: v.string(),
  locationId: v.number(),
  locationNumber: v.string(),
  address1: v.string(),
});
export type ProvisionalPass = v.InferOutput<typeof provisionalPassSchema>;

export const resultsSchema = <Item extends v.GenericSchema>(item: Item) => v.object({ results: v.array(item) });

export const PARKING_SYSTEM_MESSAGES = {
  activationWindow: 'Parking must be activated within 15 minutes of arrival.',
  plateOnLot: (plate: string) => `The vehicle ${plate} is already parked at this location. Please use its active ticket.`,
  balanceDue: (amount: string) => `A balance of ${amount} is due on this ticket. Please pay before exiting.`,
  alreadyExited: 'This ticket has already exited the garage.',
  passConverted: 'This provisional pass has already been converted into a ticket.',
  notYourVehicle: (plate: string) => `${plate} is not one of your vehicles. Add it to your vehicles to activate parking for it.`,
} as const;
