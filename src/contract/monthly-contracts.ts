/**
 * Monthly contracts under /payments/api/monthly-contracts (spec 2 §3 "Monthly contract", §7
 * Payments). The list is a paged list (spec 2 §3 "Paged list": page, pageSize 10 by default,
 * totalElementCount, results; entity kind monthlyContract). Amounts are dollars with cents, as
 * the spec's `amount` / `amountDue`. A customer with at least one contract is a ticket-system user.
 */
import * as v from 'valibot';
import { isoDateTimeSchema, pagedSchema } from './paged.ts';

/** Spec 2 §9: paged lists hold 10 by default. */
export const MONTHLY_CONTRACTS_PAGE_SIZE = 10;
export const MONTHLY_CONTRACTS_MAX_PAGE_SIZE = 100;

/** The kind part of a contract's systemEntityId ("monthlyContract:<id>"), as payments name payables. */
export const MONTHLY_CONTRACT_ENTITY_KIND = 'monthlyContract';

const wholeNumberText = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

/** Query of GET /payments/api/monthly-contracts: zero-based page, page size 1 to 100. */
export const monthlyContractsQuerySchema = v.object({
  page: v.optional(wholeNumberText('page', 9999), '0'),
  pageSize: v.optional(v.pipe(wholeNumberText('pageSize', MONTHLY_CONTRACTS_MAX_PAGE_SIZE), v.minValue(1, 'pageSize must be at least 1')), String(MONTHLY_CONTRACTS_PAGE_SIZE)),
});

/** billed: a month charged on its 1st; prorated: the first, partial month paid at sign-up; suspended: a month off (amount 0). */
export const MONTHLY_CONTRACT_PERIOD_KINDS = ['billed', 'prorated', 'suspended'] as const;
export type MonthlyContractPeriodKind = (typeof MONTHLY_CONTRACT_PERIOD_KINDS)[number];

export const monthlyContractPeriodSchema = v.object({
  monthlyContractPeriodId: v.number(),
  startUtc: isoDateTimeSchema,
  endUtc: isoDateTimeSchema,
  amount: v.number(),
  isPaid: v.boolean(),
  paidUtc: v.nullable(isoDateTimeSchema),
  // Optional for readers written before billing kept kinds (absent = billed).
  kind: v.optional(v.picklist(MONTHLY_CONTRACT_PERIOD_KINDS)),
  /** Paid by the contract's credit (an approved exemption, decision 0104); `amount` is what was left to charge. */
  credit: v.optional(v.number()),
});
export type MonthlyContractPeriod = v.InferOutput<typeof monthlyContractPeriodSchema>;

/** The monthly reservation a contract bills (spec 2 §3 "Monthly reservation", without its form). */
export const contractMonthlyReservationSchema = v.object({
  monthlyReservationId: v.number(),
  locationId: v.number(),
  phoneNumber: v.nullable(v.string()),
  email: v.nullable(v.string()),
  fullName: v.string(),
  isPaid: v.boolean(),
  isContractBlocked: v.boolean(),
  monthlyRateInstanceId: v.nullable(v.string()),
  createdUtc: isoDateTimeSchema,
});

/**
 * What a contract's status reads, the same on every page (decision 0113): derived once by the
 * server (server/monthly-contracts/contract-view.ts), not by each screen.
 */
export const MONTHLY_CONTRACT_STATUSES = ['Active', 'Awaiting first payment', 'Payment due', 'Suspended', 'Suspension scheduled', 'Card deactivated', 'Cancelled'] as const;
export type MonthlyContractStatus = (typeof MONTHLY_CONTRACT_STATUSES)[number];

export const monthlyContractSchema = v.object({
  monthlyContractId: v.number(),
  customerId: v.number(),
  customerPaymentMethodId: v.nullable(v.number()),
  systemEntityId: v.string(),
  amount: v.number(),
  amountDue: v.number(),
  isCancelled: v.boolean(),
  /** At least one billed month has started and is unpaid. */
  isContractDue: v.boolean(),
  isSuspended: v.boolean(),
  /** The card is deactivated: blocked by the operator, or a month unpaid by its 1st (spec 2 §4). */
  isBlocked: v.boolean(),
  resumeRequested: v.boolean(),
  periodsDue: v.number(),
  monthlyContractPeriods: v.array(monthlyContractPeriodSchema),
  createdUtc: isoDateTimeSchema,
  startUtc: isoDateTimeSchema,
  endUtc: v.nullable(isoDateTimeSchema),
  resumeUtc: v.nullable(isoDateTimeSchema),
  /** The 1st a suspension starts (or started); with resumeUtc, the months off. Not in the spec's list: the account page shows it. */
  suspendedFromUtc: v.optional(v.nullable(isoDateTimeSchema)),
  /** The next 1st of the month the card is charged, while the contract runs. */
  nextPaymentUtc: v.nullable(isoDateTimeSchema),
  monthlyReservation: contractMonthlyReservationSchema,
  /** Not in the spec's list: the status every page shows. Optional for answers cached before it. */
  status: v.optional(v.picklist(MONTHLY_CONTRACT_STATUSES)),
});
export type MonthlyContract = v.InferOutput<typeof monthlyContractSchema>;

export const monthlyContractPageSchema = pagedSchema(monthlyContractSchema);
export type MonthlyContractPage = v.InferOutput<typeof monthlyContractPageSchema>;

/** Answers of the contract actions (suspend, resume, payment, attach) when the contract's state refuses them (409). */
export const MONTHLY_CONTRACT_MESSAGES = {
  cancelled: 'This monthly contract is cancelled.',
  alreadySuspended: 'This monthly contract is already suspended or has a suspension scheduled.',
  payBalanceFirst: 'Please pay the balance due before suspending this monthly contract.',
  notSuspended: 'This monthly contract is not suspended.',
  nothingDue: 'There is no balance due on this monthly contract.',
} as const;

/** POST /payments/api/monthly-contracts/{id}/payment: the due months, oldest first, with this saved card. */
export const monthlyContractPaymentBodySchema = v.object({
  customerPaymentMethodId: v.pipe(v.number('customerPaymentMethodId must be a number'), v.integer('customerPaymentMethodId must be a whole number'), v.minValue(1, 'customerPaymentMethodId must be at least 1'), v.maxValue(2_147_483_647, 'customerPaymentMethodId is too large')),
});

/** Licence: "notice to stop charging must be given by the 25th" (New York day of the month). */
export const SUSPENSION_NOTICE_LAST_DAY = 25;
