/**
 * The search pages' title and description (spec 1 §2.2). Their routes' loaders compute them (a
 * search page's head reads its loader's data), so this text travels with the search chunk, not
 * with every first screen.
 */
import { COMPANY_NAME } from '../../lib/constants';

/** Search titles (spec 1 §2.2): "Parking near Penn Station" from q=Penn-Station; "Parking near you" without a place. */
export function parkingNearTitle(searchQuery: string | number | undefined): string {
  const place = searchQuery?.toString().replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
  return place ? `Parking near ${place}` : 'Parking near you';
}

/** A search page's description: what a shared link or a search engine says about it. */
export function searchDescription(searchQuery: string | number | undefined): string {
  const near = parkingNearTitle(searchQuery).replace(/^Parking near /, '');
  return `Compare all-in parking prices (rate, tax and fee) at ${COMPANY_NAME} garages near ${near}, on a list and a map, and reserve your space.`;
}

/** What a search page's head shows, from the place searched (a query, a venue, a content page's point). */
export const searchHeadText = (place: string | number | undefined) => ({ title: parkingNearTitle(place), description: searchDescription(place) });
