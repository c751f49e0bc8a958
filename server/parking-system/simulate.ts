/**
 * `npm run simulate`: a busy afternoon at a few garages, for demos. Drives a RUNNING server
 * through the garage API as the gate equipment would: cars arrive (entry event), some call their
 * car through the ticket service, and cars leave after paying at the pay station (payment event
 * for the exact amount due, then exit event). Bounded on purpose: at most MAX_ARRIVALS cars and
 * MAX_MINUTES of wall time, and only against a loopback address, so it cannot flood or touch a
 * shared deployment.
 *
 *   npm run simulate -- --arrivals 20 --minutes 3 --locations 1,2,3,20 --base http://127.0.0.1:8080
 *
 * The staff key is STAFF_API_KEY, or the development key the server accepts when none is set.
 */
import { parseArgs } from 'node:util';
import { DEV_STAFF_API_KEY, STAFF_KEY_HEADER } from './staff-key.ts';

const MAX_ARRIVALS = 500;
const MAX_MINUTES = 60;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

type Ticket = { ticketNumber: string; amountDue: number; locationId: number };

function readOptions() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: `http://127.0.0.1:${process.env['PORT'] ?? '8080'}` },
      arrivals: { type: 'string', default: '20' },
      minutes: { type: 'string', default: '2' },
      locations: { type: 'string', default: '1,2,3,20,27,34' },
    },
  });
  const base = new URL(values.base);
  if (!LOOPBACK_HOSTS.has(base.hostname)) throw new Error(`--base must be a loopback address (127.0.0.1, localhost, ::1), not ${base.hostname}.`);
  const arrivals = Number(values.arrivals);
  const minutes = Number(values.minutes);
  if (!Number.isInteger(arrivals) || arrivals < 1 || arrivals > MAX_ARRIVALS) throw new Error(`--arrivals must be a whole number from 1 to ${MAX_ARRIVALS}.`);
  if (!(minutes > 0 && minutes <= MAX_MINUTES)) throw new Error(`--minutes must be more than 0 and at most ${MAX_MINUTES}.`);
  const locations = values.locations.split(',').map(Number);
  if (locations.some((id) => !Number.isInteger(id) || id < 1)) throw new Error('--locations must be location ids separated by commas.');
  return { base: base.origin, arrivals, minutes, locations };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const randomPlate = () => `${Array.from({ length: 3 }, () => pick([...PLATE_LETTERS])).join('')}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const options = readOptions();
  const staffKey = process.env['STAFF_API_KEY'] ?? DEV_STAFF_API_KEY;
  const call = async (method: string, path: string, body?: unknown, isStaff = true) => {
    const response = await fetch(`${options.base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(isStaff ? { [STAFF_KEY_HEADER]: staffKey } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, json };
  };

  const deadline = Date.now() + options.minutes * 60_000;
  const gapMs = (options.minutes * 60_000) / (options.arrivals * 1.5);
  const parked: Ticket[] = [];
  let arrived = 0;
  let left = 0;
  console.log(`[simulate] ${options.arrivals} arrivals over at most ${options.minutes} min at locations ${options.locations.join(', ')} on ${options.base}`);

  while (Date.now() < deadline && (arrived < options.arrivals || parked.length > 0)) {
    const shouldArrive = arrived < options.arrivals && (parked.length === 0 || Math.random() < 0.6);
    if (shouldArrive) {
      const locationId = pick(options.locations);
      const plate = randomPlate();
      const entry = await call('POST', '/parking-system/api/ticket-events/entry', { locationId, licensePlate: plate, entryTimeUtc: new Date().toISOString() });
      if (entry.status !== 201) throw new Error(`entry refused (${entry.status}): ${String(entry.json['message'])}`);
      arrived++;
      parked.push({ ticketNumber: String(entry.json['ticketNumber']), amountDue: 0, locationId });
      console.log(`[simulate] ⇢ ${plate} entered location ${locationId}, ticket ${String(entry.json['ticketNumber'])}`);
    } else {
      const ticket = parked.splice(Math.floor(Math.random() * parked.length), 1)[0] as Ticket;
      if (Math.random() < 0.4) await call('POST', `/tickets/api/tickets/${ticket.ticketNumber}/call-car`, { minutes: 0, parkingAggregatorType: 500 }, false);
      const rate = await call('GET', `/parking-system/api/management/tickets/${ticket.ticketNumber}/rate`);
      const dueCents = Math.round(Number(rate.json['amountDue'] ?? 0) * 100);
      if (dueCents > 0) {
        const paid = await call('POST', '/parking-system/api/ticket-events/payment', { ticketNumber: ticket.ticketNumber, amountCents: dueCents });
        if (paid.status !== 200) throw new Error(`pay station refused (${paid.status}): ${String(paid.json['message'])}`);
      }
      const exit = await call('POST', '/parking-system/api/ticket-events/exit', { ticketNumber: ticket.ticketNumber, exitTime: new Date().toISOString() });
      if (exit.status !== 200) throw new Error(`exit refused (${exit.status}): ${String(exit.json['message'])}`);
      left++;
      console.log(`[simulate] ⇠ ticket ${ticket.ticketNumber} paid $${(dueCents / 100).toFixed(2)} and left location ${ticket.locationId}`);
    }
    await sleep(gapMs * (0.5 + Math.random()));
  }
  console.log(`[simulate] done: ${arrived} arrived, ${left} left, ${parked.length} still parked.`);
}

main().catch((error: unknown) => {
  console.error('[simulate] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
