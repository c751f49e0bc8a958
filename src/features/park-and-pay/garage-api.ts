/**
 * The garage system as the driver sees it (/parking-system/api): their tickets (persisted, so the
 * session and exit pass open offline), provisional passes, tickets by plate, entry registration
 * and pass conversion.
 */
import { queryOptions } from '@tanstack/react-query';
import { garageTicketSchema, provisionalPassSchema, resultsSchema } from '../../contract/parking-system';
import { apiFetch } from '../../lib/api-client';
import { garageKeys } from '../../lib/query-client';

export { garageKeys };

const ticketList = resultsSchema(garageTicketSchema);

export const myTicketsQueryOptions = queryOptions({
  queryKey: garageKeys.tickets,
  queryFn: async ({ signal }) => (await apiFetch('/parking-system/api/management/tickets/mine', { schema: ticketList, signal })).results,
  staleTime: 30_000,
  meta: { persist: true },
});

export const myPassesQueryOptions = queryOptions({
  queryKey: garageKeys.passes,
  queryFn: async ({ signal }) => (await apiFetch('/parking-system/api/provisional-passes', { schema: resultsSchema(provisionalPassSchema), signal })).results,
  staleTime: 30_000,
  meta: { persist: true },
});

export async function fetchTicketsForPlate(licensePlate: string) {
  return (await apiFetch(`/parking-system/api/management/tickets/license-plates/${encodeURIComponent(licensePlate)}`, { schema: ticketList })).results;
}

/** Spec 3 §4: Continue on the License Plate Warning registers an entry now. */
export function registerEntry(body: { locationId: number; licensePlate: string; entryTimeUtc: string }) {
  return apiFetch('/parking-system/api/ticket-events/entry', { method: 'POST', json: body, schema: garageTicketSchema });
}

export function convertPass(passId: number, vehicleId: number) {
  return apiFetch(`/parking-system/api/provisional-passes/${passId}/convert`, { method: 'POST', json: { vehicleId }, schema: garageTicketSchema });
}
