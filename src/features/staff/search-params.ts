/** The claims list's filters in the URL (/staff?status=in-review&q=…&page=2), so a filtered list can be linked and reloaded. */
import * as v from 'valibot';
import { CLAIM_STATUSES } from '../../contract/staff';

// The router reads an all-digit value back as a number (README "Clean query strings").
const optionalText = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined);
const optionalDate = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

export const claimsSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(CLAIM_STATUSES)), undefined),
  q: optionalText,
  locationNumber: optionalText,
  from: optionalDate,
  to: optionalDate,
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0), 0),
});

export const claimIdParamSchema = v.object({ claimId: v.fallback(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), 0) });
