/**
 * The search a driver last ran, for the location details (spec 1 §2.3: the detail panel shows the
 * price for the searched times, and Back returns to the search). The search screen writes it;
 * /locations/{slug} reads it. Kept per tab (sessionStorage): another tab's search is not this one's.
 */
import { readStorage, writeStorage } from './storage';

const KEY = 'pf-last-search';

export type LastSearch = {
  type: 'DAILY' | 'MONTHLY';
  /** UTC ms. */
  arrival: number;
  departure: number;
  isOversized: boolean;
  /** The search's own URL (path and query), where Back goes when history cannot. */
  href: string;
};

/** Blocked storage remembers nothing: details then show today's default price. */
export function rememberSearch(search: LastSearch): void {
  writeStorage(KEY, JSON.stringify(search), 'tab');
}

export function readLastSearch(): LastSearch | undefined {
  const text = readStorage(KEY, 'tab');
  try {
    const value = text ? (JSON.parse(text) as Partial<LastSearch>) : undefined;
    if (!value || typeof value.arrival !== 'number' || typeof value.departure !== 'number' || typeof value.href !== 'string') return undefined;
    return { type: value.type === 'MONTHLY' ? 'MONTHLY' : 'DAILY', arrival: value.arrival, departure: value.departure, isOversized: value.isOversized === true, href: value.href };
  } catch {
    return undefined;
  }
}
