/**
 * The all-garage rate search, run a few hundred times through the app itself before the server
 * takes traffic, so V8 has optimised its code (routing, validation, pricing, the JSON writer) by
 * the first driver's search. Without it the first searches after a start ran on unoptimised code,
 * and in the rates bench a burst about 100 ms into the first load waited up to 60 ms, the slowest
 * answers of the whole run (README, "Rates under Poisson arrivals"). Searches do not write, so this leaves the
 * database as it was; it takes about 0.8 s of the start on a 2-core machine.
 */
import type { Hono } from 'hono';

const HALF_HOUR_MS = 30 * 60_000;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export async function warmUpRateSearch(app: Hono, now: () => Date, searches = 400): Promise<{ searches: number; ms: number }> {
  const startedAt = performance.now();
  const locations = (await (await app.request('/locations/api/locations')).json()) as { locationId: number }[];
  const locationIds = locations.map((location) => location.locationId);
  if (locationIds.length === 0) return { searches: 0, ms: 0 };
  // Stays of 2 to 10 hours from tomorrow, half an hour apart: every kind of price the cards have
  // (hourly tiers, specials, closed hours, whole days) comes up within a few days.
  const tomorrow = Math.ceil(now().getTime() / HALF_HOUR_MS) * HALF_HOUR_MS + DAY_MS;
  for (let index = 0; index < searches; index++) {
    const entry = tomorrow + index * HALF_HOUR_MS;
    const exit = entry + (2 + (index % 9)) * HOUR_MS;
    const body = JSON.stringify({ locationIds, entryTimeUtc: new Date(entry).toISOString(), exitTimeUtc: new Date(exit).toISOString() });
    const response = await app.request('/rates/api/rates/calculate-multiple', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
      body,
    });
    if (!response.ok) throw new Error(`the rate search warm-up was answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
  return { searches, ms: Math.round(performance.now() - startedAt) };
}
