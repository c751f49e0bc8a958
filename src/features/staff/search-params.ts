/** The claims list's filters in the URL (/staff?status=in-review&q=…&page=2), so a filtered list can be linked and reloaded. */
import { CLAIM_STATUSES, type ClaimStatus } from '../../contract/claim-statuses';
import { matchingTextParam, oneOfParam, textParam } from '../../lib/search-params';

const readDate = (value: unknown) => matchingTextParam(value, /^\d{4}-\d{2}-\d{2}$/);

export type ClaimsSearch = { status?: ClaimStatus; q?: string; locationNumber?: string; from?: string; to?: string; page?: number };
/**
 * The first page has no `page` in its URL: the router writes what this returns back into the URL
 * when the app attaches (and on links and redirects), so a default of 0 turned every cold /staff
 * into /staff?page=0.
 */
export const parseClaimsSearch = (search: Record<string, unknown>): ClaimsSearch => {
  const page = search['page'];
  return {
    status: oneOfParam(search['status'], CLAIM_STATUSES),
    q: textParam(search['q']),
    locationNumber: textParam(search['locationNumber']),
    from: readDate(search['from']),
    to: readDate(search['to']),
    page: typeof page === 'number' && Number.isInteger(page) && page > 0 ? page : undefined,
  };
};

/** `/staff/claims/{id}`: an id of 1–9 digits; anything else reads as 0, an id no claim has. */
export const parseClaimIdParams = (params: Record<string, string>) => ({ claimId: /^\d{1,9}$/.test(params['claimId'] ?? '') ? Number(params['claimId']) : 0 });
