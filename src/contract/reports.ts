/**
 * Receipts under /reports/api/reports/payments-history (spec 2 §7): the customer's succeeded card
 * payments — ticket payments, park-and-pay, reservations — and the refunds given back, newest
 * first, one entry each. A refund is its own entry with a negative amount, pointing at the
 * payment it refunds. The detail is one payment with its refunds and what it paid for.
 */
import * as v from 'valibot';
import { isoDateTimeSchema, pagedSchema } from './paged.ts';

export const RECEIPT_KINDS = ['ticket', 'reservation', 'monthly', 'other'] as const;

/** The payment a receipt is about, as both the list and the detail show it. */
const receiptPaymentEntries = {
  /** The payment shown by the detail (for a refund entry, the payment it refunds). */
  paymentId: v.number(),
  systemEntityId: v.string(),
  kind: v.picklist(RECEIPT_KINDS),
  description: v.string(),
  /** Dollars; negative for a refund entry. */
  amount: v.number(),
  amountCents: v.number(),
  paymentMethodName: v.nullable(v.string()),
  paymentMethodLast4: v.nullable(v.string()),
};

export const receiptEntrySchema = v.object({
  /** "payment-<paymentId>" or "refund-<refundId>". */
  receiptId: v.string(),
  entryType: v.picklist(['payment', 'refund']),
  ...receiptPaymentEntries,
  dateUtc: isoDateTimeSchema,
});
export type ReceiptEntry = v.InferOutput<typeof receiptEntrySchema>;

export const receiptPageSchema = pagedSchema(receiptEntrySchema);

export const receiptDetailSchema = v.object({
  ...receiptPaymentEntries,
  currency: v.string(),
  paidUtc: isoDateTimeSchema,
  /** What was paid for, in lines for the receipt ("Confirmation number", "PF-2611-8K3M"). */
  lines: v.array(v.object({ label: v.string(), value: v.string() })),
  refunds: v.array(v.object({ refundId: v.number(), amount: v.number(), status: v.picklist(['pending', 'succeeded', 'failed']), reason: v.string(), createdUtc: isoDateTimeSchema })),
});
export type ReceiptDetail = v.InferOutput<typeof receiptDetailSchema>;
