/**
 * The staff side (/staff/api, issue 20): claims listed, searched, opened and moved through their
 * statuses, and the monthly-account transitions (spec 3 §3 "Monthly transition") listed. Shared
 * by the server and the /staff pages.
 */
import * as v from 'valibot';
import { CLAIM_STATUSES, type ClaimStatus } from './claim-statuses.ts';
import { pagedSchema } from './paged.ts';

export { CLAIM_STATUSES, type ClaimStatus };

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = { received: 'Received', 'in-review': 'In review', closed: 'Closed' };

/**
 * A claim moves forward (received → in review → closed); a closed claim can be reopened into
 * review when the customer comes back with more, which is also mailed to them.
 */
export const NEXT_CLAIM_STATUSES: Record<ClaimStatus, readonly ClaimStatus[]> = {
  received: ['in-review'],
  'in-review': ['closed'],
  closed: ['in-review'],
};

export const canMoveClaim = (from: ClaimStatus, to: ClaimStatus) => NEXT_CLAIM_STATUSES[from].includes(to);

const claimStatusSchema = v.picklist(CLAIM_STATUSES);

export const claimSummarySchema = v.object({
  claimId: v.number(),
  claimNumber: v.string(),
  status: claimStatusSchema,
  firstName: v.string(),
  lastName: v.string(),
  emailAddress: v.nullable(v.string()),
  locationNumber: v.string(),
  address1: v.string(),
  incidentDate: v.string(),
  vehiclePlate: v.nullable(v.string()),
  photoCount: v.number(),
  createdAt: v.string(),
});
export type ClaimSummary = v.InferOutput<typeof claimSummarySchema>;

export const claimPageSchema = pagedSchema(claimSummarySchema);

export const claimPhotoSchema = v.object({ position: v.number(), width: v.number(), height: v.number(), contentType: v.string(), byteSize: v.number() });

export const claimStatusChangeSchema = v.object({ fromStatus: claimStatusSchema, toStatus: claimStatusSchema, changedBy: v.string(), note: v.nullable(v.string()), changedAt: v.string(), isCustomerMailed: v.boolean() });

export const claimDetailSchema = v.object({
  ...claimSummarySchema.entries,
  reportDate: v.string(),
  fields: v.array(v.object({ label: v.string(), value: v.string() })),
  photos: v.array(claimPhotoSchema),
  history: v.array(claimStatusChangeSchema),
});
export type ClaimDetail = v.InferOutput<typeof claimDetailSchema>;

export const STAFF_NOTE_MAX = 1000;

export const claimStatusBodySchema = v.object({
  status: claimStatusSchema,
  note: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(STAFF_NOTE_MAX, `note must be at most ${STAFF_NOTE_MAX} characters`)))),
});

export const staffMeSchema = v.object({ email: v.nullable(v.string()), isStaff: v.literal(true) });
