/** A claim's statuses, apart from the staff contract's schemas: the /staff route's search reader needs them in the entry chunk (valibot does not go there). */
export const CLAIM_STATUSES = ['received', 'in-review', 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
