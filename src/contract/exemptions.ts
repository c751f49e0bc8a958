/**
 * Tax exemption and resident rate requests of a monthly contract (issue 37 item 4, decision 0104):
 * the customer claims one and uploads proof; until staff approve it the contract bills the full
 * rate. Customer calls under /payments/api/monthly-contracts/{id}/exemption, staff calls under
 * /staff/api/exemptions. Amounts are dollars with cents, as elsewhere in the API.
 */
import * as v from 'valibot';
import { isoDateTimeSchema } from './paged.ts';

export const EXEMPTION_CLAIMS = ['tax-exempt', 'resident'] as const;
export type ExemptionClaim = (typeof EXEMPTION_CLAIMS)[number];
export const EXEMPTION_STATUSES = ['awaiting-proof', 'pending', 'approved', 'rejected'] as const;
export type ExemptionStatus = (typeof EXEMPTION_STATUSES)[number];

export const EXEMPTION_CLAIM_LABELS: Record<ExemptionClaim, string> = {
  'tax-exempt': 'Tax exempt',
  resident: 'Resident rate (parking tax exemption)',
};

/** Multipart field names of the upload. */
export const EXEMPTION_CLAIM_FIELD = 'claim';
export const EXEMPTION_PROOF_FIELD = 'proof';
export const MAX_EXEMPTION_PROOFS = 3;
export const MAX_EXEMPTION_PROOF_BYTES = 8 * 1024 * 1024;

export const EXEMPTION_MESSAGES = {
  proofRequired: 'Attach your proof: a photo or a PDF of the certificate.',
  tooManyProofs: `Attach at most ${MAX_EXEMPTION_PROOFS} files.`,
  proofTooLarge: `Each file must be ${MAX_EXEMPTION_PROOF_BYTES / (1024 * 1024)} MB or smaller.`,
  proofType: 'Proof must be a JPEG, PNG or WebP image or a PDF.',
  claimInvalid: `claim must be one of ${EXEMPTION_CLAIMS.join(', ')}`,
  alreadyOpen: 'This contract already has a request waiting for review or approved.',
  businessResident: 'A business account cannot claim the resident rate.',
  noChange: 'This claim does not change the price at this garage.',
  noRate: 'This contract was not signed up online: bring your proof to the garage office.',
  pending: 'Proof received. The full rate applies until our staff approve it.',
  reasonRequired: 'Give the customer a reason for the rejection.',
} as const;

export const exemptionProofSchema = v.object({
  position: v.number(),
  contentType: v.string(),
  byteSize: v.number(),
});

/** What the customer sees on the contract page (and staff on the desk). */
export const exemptionRequestSchema = v.object({
  exemptionRequestId: v.number(),
  monthlyContractId: v.number(),
  claim: v.picklist(EXEMPTION_CLAIMS),
  status: v.picklist(EXEMPTION_STATUSES),
  /** Monthly fee with tax now billed (the full rate until approved) and once approved. */
  fullMonthlyAmount: v.number(),
  exemptMonthlyAmount: v.number(),
  requestedUtc: isoDateTimeSchema,
  proofUploadedUtc: v.nullable(isoDateTimeSchema),
  decidedUtc: v.nullable(isoDateTimeSchema),
  /** Why staff rejected it, shown to the customer. */
  reason: v.nullable(v.string()),
  /** Credited on approval for the months billed at the full rate since the request. */
  creditAmount: v.nullable(v.number()),
  proofs: v.array(exemptionProofSchema),
});
export type ExemptionRequest = v.InferOutput<typeof exemptionRequestSchema>;

/** GET …/monthly-contracts/{id}/exemption: the latest request (null: none) and the credit left. */
export const contractExemptionSchema = v.object({
  request: v.nullable(exemptionRequestSchema),
  creditRemaining: v.number(),
});
export type ContractExemption = v.InferOutput<typeof contractExemptionSchema>;

/** Staff desk list rows add who and where. */
export const staffExemptionSchema = v.object({
  ...exemptionRequestSchema.entries,
  fullName: v.string(),
  email: v.nullable(v.string()),
  locationId: v.number(),
});
export type StaffExemption = v.InferOutput<typeof staffExemptionSchema>;
export const staffExemptionListSchema = v.object({ results: v.array(staffExemptionSchema) });

export const exemptionDecisionBodySchema = v.variant('decision', [
  v.object({ decision: v.literal('approve') }),
  v.object({
    decision: v.literal('reject'),
    reason: v.pipe(v.string(), v.trim(), v.minLength(1, EXEMPTION_MESSAGES.reasonRequired), v.maxLength(500, 'reason must be at most 500 characters')),
  }),
], 'decision must be approve or reject');
export type ExemptionDecisionBody = v.InferInput<typeof exemptionDecisionBodySchema>;
