/**
 * The garage system as the driver sees it (/parking-system/api): their tickets (persisted, so the
 * session and exit pass open offline), provisional passes, tickets by plate, entry registration
 * and pass conversion.
 *
 * Every call loads the API client, valibot and the garage contract with itself
 * (apiFetchOnDemand): the session draws its ticket from the saved copy on its first frame, and its
 * refresh waits for the driver's token anyway, so they stay out of the chunks in front of the
 * session and its exit pass (README "Keep code off the first screen").
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchOnDemand } from '../../lib/api-fetch-on-demand';
import { garageKeys } from '../../lib/query-client';

export { garageKeys };

const loadContract = () => import('../../contract/parking-system');
const ticketList = () => loadContract().then((contract) => contract.resultsSchema(contract.garageTicketSchema));
const oneTicket = () => loadContract().then((contract) => contract.garageTicketSchema);

export const myTicketsQueryOptions = queryOptions({
  queryKey: garageKeys.tickets,
  queryFn: async ({ signal }) => (await apiFetchOnDemand('/parking-system/api/management/tickets/mine', { loadSchema: ticketList, signal })).results,
  staleTime: 30_000,
  meta: { persist: true },
});

export const myPassesQueryOptions = queryOptions({
  queryKey: garageKeys.passes,
  queryFn: async ({ signal }) =>
    (await apiFetchOnDemand('/parking-system/api/provisional-passes', { loadSchema: () => loadContract().then((contract) => contract.resultsSchema(contract.provisionalPassSchema)), signal })).results,
  staleTime: 30_000,
  meta: { persist: true },
});

export async function fetchTicketsForPlate(licensePlate: string) {
  return (await apiFetchOnDemand(`/parking-system/api/management/tickets/license-plates/${encodeURIComponent(licensePlate)}`, { loadSchema: ticketList })).results;
}

/** Spec 3 §4: Continue on the License Plate Warning registers an entry now. */
export function registerEntry(body: { locationId: number; licensePlate: string; entryTimeUtc: string }) {
  return apiFetchOnDemand('/parking-system/api/ticket-events/entry', { method: 'POST', json: body, loadSchema: oneTicket });
}

export function convertPass(passId: number, vehicleId: number) {
  return apiFetchOnDemand(`/parking-system/api/provisional-passes/${passId}/convert`, { method: 'POST', json: { vehicleId }, loadSchema: oneTicket });
}
