/**
 * Card payments under /payments/api (spec 2 §3 Saved payment method, payment init/setup; §7
 * Payments). Amounts travel as integer cents (`amountCents`) with a dollar `amount` beside them
 * for display. A payable is named by `systemEntityId` = "<kind>:<id>", e.g. "ticket:…".
 *
 * The built-in test processor (the default with no Stripe keys) also serves the browser half of
 * Stripe.js under /payments/api/test-processor: card tokenisation and intent confirmation.
 * GET /payments/api/provider tells the client which one to use.
 */
import * as v from 'valibot';
import { isoDateTimeSchema, pagedSchema, recordIdSchema } from './paged.ts';

export const PAYMENT_MESSAGES = {
  /** Spec 2 §8: setup or payment failure without a provider message. */
  cardFailed: 'We are not able to process your Credit Card. Please use a different payment method.',
  alreadyPaid: 'This has already been paid.',
  inProgress: 'A payment for this is already in progress. Please wait a moment and check its status.',
  processorUnavailable: 'We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.',
  setupNotConfirmed: 'The card has not been confirmed with the card processor yet.',
} as const;

export const CARD_BRANDS = ['visa', 'amex', 'diners', 'discover', 'jcb', 'mastercard', 'unionpay', 'unknown'] as const;

const systemEntityIdSchema = v.pipe(
  v.string('systemEntityId is required'),
  v.regex(/^[a-z][a-z-]{1,30}:[A-Za-z0-9_.-]{1,64}$/, 'systemEntityId must look like <kind>:<id>, e.g. ticket:12345678'),
);
const idSchema = recordIdSchema;
const providerIdSchema = (name: string) => v.pipe(v.string(`${name} is required`), v.regex(/^[A-Za-z0-9_]{3,255}$/, `${name} is not a valid id`));

export const initializePaymentBodySchema = v.object({
  systemEntityId: systemEntityIdSchema,
  /** The payment of an earlier attempt, so a retry continues it instead of starting another. */
  paymentId: v.nullish(idSchema('paymentId')),
  savePaymentMethod: v.optional(v.boolean('savePaymentMethod must be true or false'), false),
});
export const chargeBodySchema = v.object({ systemEntityId: systemEntityIdSchema, paymentId: v.nullish(idSchema('paymentId')) });
/** Spec fields; identity comes from the bearer token, so customerId and the rest are accepted and ignored. */
export const setupInitializeBodySchema = v.object({
  systemEntityId: v.nullish(v.string()),
  paymentId: v.nullish(v.union([v.number(), v.string()])),
  customerId: v.nullish(v.union([v.number(), v.string()])),
  paymentMethodId: v.nullish(v.string()),
});
export const setupCompleteBodySchema = v.object({
  transactionId: providerIdSchema('transactionId'),
  providerCustomerId: providerIdSchema('providerCustomerId'),
  paymentMethodId: providerIdSchema('paymentMethodId'),
});

export const paymentInitSchema = v.object({ paymentId: v.number(), clientSecret: v.string() });
export const paymentSetupSchema = v.object({ clientSecret: v.string(), transactionIntentId: v.string(), providerCustomerId: v.string() });

export const savedPaymentMethodSchema = v.object({
  customerPaymentMethodId: v.number(),
  /** Card brand, one of CARD_BRANDS (the icon name). */
  paymentMethodName: v.string(),
  paymentMethodLast4: v.string(),
  paymentMethodExpiryMonth: v.number(),
  paymentMethodExpiryYear: v.number(),
  isDefault: v.boolean(),
});
export type SavedPaymentMethod = v.InferOutput<typeof savedPaymentMethodSchema>;
/** Default first, then newest: the first entry is the card the payment form preselects. */
export const savedPaymentMethodListSchema = v.array(savedPaymentMethodSchema);

export const PAYMENT_STATUSES = ['requires_payment_method', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentSchema = v.object({
  paymentId: v.number(),
  systemEntityId: v.string(),
  status: v.picklist(PAYMENT_STATUSES),
  /** True once the status will not change (succeeded, failed or canceled). */
  isSettled: v.boolean(),
  amountCents: v.number(),
  amount: v.number(),
  currency: v.string(),
  description: v.string(),
  customerPaymentMethodId: v.nullable(v.number()),
  paymentMethodName: v.nullable(v.string()),
  paymentMethodLast4: v.nullable(v.string()),
  failureMessage: v.nullable(v.string()),
  createdUtc: isoDateTimeSchema,
  succeededUtc: v.nullable(isoDateTimeSchema),
});
export type Payment = v.InferOutput<typeof paymentSchema>;
/** GET payments/{id}: 200 when settled, 202 while still open (so HEAD polling waits on 200). */
export const paymentStatusSchema = v.object({ paymentId: v.number(), systemEntityId: v.string(), status: v.picklist(PAYMENT_STATUSES), isSettled: v.boolean() });
export const paymentHistorySchema = pagedSchema(paymentSchema);

/** 402 on a declined card: the processor's message, shown to the driver as is. */
export const cardErrorSchema = v.object({ message: v.string(), code: v.string(), declineCode: v.optional(v.string()), paymentId: v.optional(v.number()) });

export const providerConfigSchema = v.object({ provider: v.picklist(['test-processor', 'stripe']), publishableKey: v.nullable(v.string()) });

// The test processor's browser half (stands in for Stripe.js). The card number goes to the
// processor only, as with Stripe Elements, and is never stored.
export const testCardBodySchema = v.object({
  number: v.pipe(v.string('number is required'), v.maxLength(30, 'number is too long')),
  expMonth: v.pipe(v.number('expMonth must be a number'), v.integer('expMonth must be a whole number')),
  expYear: v.pipe(v.number('expYear must be a number'), v.integer('expYear must be a whole number')),
  cvc: v.pipe(v.string('cvc is required'), v.maxLength(4, 'cvc is too long')),
  name: v.pipe(v.string('name is required'), v.trim(), v.minLength(1, 'Name field is required'), v.maxLength(200, 'name is too long')),
  zip: v.pipe(v.string('zip is required'), v.trim(), v.minLength(1, 'ZIP Code field is required'), v.maxLength(20, 'zip is too long')),
});
export const testConfirmBodySchema = v.object({ paymentMethodId: providerIdSchema('paymentMethodId') });
export const testPaymentMethodSchema = v.object({ paymentMethodId: v.string(), brand: v.picklist(CARD_BRANDS), last4: v.string(), expMonth: v.number(), expYear: v.number() });
export const testIntentSchema = v.object({ id: v.string(), status: v.string(), paymentMethodId: v.nullable(v.string()) });
