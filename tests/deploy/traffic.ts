/**
 * The steady mixed traffic of `npm run test:deploy`, through the load balancer, as the app and
 * the garages send it: the garage list, place search, the rate search, ticket pricing, the
 * service worker script (which says the build), and every second a gate entry whose ticket is
 * priced and paid with the saved card (the chaos client's flow: Idempotency-Key, 409 polled).
 * Every request is tallied by kind; any answer but the expected one, or no answer, is a failure.
 */
import { type Acknowledged } from '../chaos/invariants.ts';
import { type Answer, type Call, CutOff, savedCardCharge } from '../chaos/chaos.ts';

type Kind = 'locations' | 'place search' | 'rate search' | 'ticket price' | 'gate entry' | 'payment' | 'service worker';
const EXPECTED: Record<Kind, number[]> = {
  locations: [200],
  'place search': [200],
  'rate search': [200],
  'ticket price': [200],
  'gate entry': [201],
  // 409: the key's first request is still running; the flow polls it, as the app does.
  payment: [200, 409],
  'service worker': [200],
};

export type Tally = {
  counts: Map<Kind, { sent: number; failed: number; statuses: Map<number, number> }>;
  failures: string[];
  /** Which build answered /sw.js, in order: [ms since start, build id]. */
  builds: [number, string][];
  acks: Acknowledged[];
  paid: { ticketNumber: string; paymentId: number }[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A plate of the chaos run's alphabet (no I, O, Q, 0, 1), unique enough for a few hundred entries. */
const plate = () => `DP${Array.from({ length: 5 }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ23456789'[Math.floor(Math.random() * 31)]).join('')}`;
const PLACES = ['Penn Station', 'Hoboken', 'Times Square', 'Newark', 'Brooklyn', 'Jersey City', 'Madison Square Garden'];

function kindOf(method: string, url: string): Kind {
  if (url.startsWith('/locations/api/')) return 'locations';
  if (url.startsWith('/search/api/')) return 'place search';
  if (url.startsWith('/rates/api/')) return 'rate search';
  if (url.endsWith('/rate')) return 'ticket price';
  if (url.endsWith('/ticket-events/entry')) return 'gate entry';
  if (url === '/sw.js') return 'service worker';
  if (method === 'POST' && url.includes('/charge')) return 'payment';
  throw new Error(`traffic: no kind for ${method} ${url}`);
}

/** Wraps the chaos client's call: every request counted, an unexpected answer thrown. */
function tallied(call: Call, tally: Tally, startedAt: number): Call {
  return async (method, url, json, options) => {
    const kind = kindOf(method, url);
    const count = tally.counts.get(kind) ?? { sent: 0, failed: 0, statuses: new Map<number, number>() };
    tally.counts.set(kind, count);
    count.sent++;
    const at = `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
    let answer: Answer;
    try {
      answer = await call(method, url, json, options);
    } catch (error) {
      count.failed++;
      tally.failures.push(`${at} ${method} ${url}: no answer (${error instanceof CutOff ? 'connection failed' : String(error)})`);
      throw error;
    }
    count.statuses.set(answer.status, (count.statuses.get(answer.status) ?? 0) + 1);
    if (!EXPECTED[kind].includes(answer.status)) {
      count.failed++;
      tally.failures.push(`${at} ${method} ${url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
    return answer;
  };
}

export type Traffic = { tally: Tally; stop(): Promise<void> };

/**
 * Starts the loops; `stop()` ends them and waits for every request and payment still running.
 * `call` goes to the load balancer; `fetchText` too, for /sw.js (the chaos client parses JSON).
 */
export function startTraffic(options: { call: Call; fetchText: (url: string) => Promise<{ status: number; text: string }>; methodId: number; locationIds: number[]; startedAt: number }): Traffic {
  const tally: Tally = { counts: new Map(), failures: [], builds: [], acks: [], paid: [] };
  const call = tallied(options.call, tally, options.startedAt);
  let running = true;
  const pending = new Set<Promise<unknown>>();
  const track = (promise: Promise<unknown>) => {
    const settled = promise.catch(() => {}).finally(() => pending.delete(settled));
    pending.add(settled);
  };
  const pick = <T>(list: T[], index: number): T => list[index % list.length] as T;
  /** Fires `send` every `ms`, without waiting for the answer (traffic does not slow down when the server does). */
  const every = async (ms: number, send: (round: number) => Promise<unknown>) => {
    for (let round = 0; running; round++) {
      track(send(round));
      await sleep(ms);
    }
  };
  const recentTickets: string[] = [];

  const swCall = async () => {
    const kind = 'service worker';
    const count = tally.counts.get(kind) ?? { sent: 0, failed: 0, statuses: new Map<number, number>() };
    tally.counts.set(kind, count);
    count.sent++;
    const at = performance.now() - options.startedAt;
    try {
      const { status, text } = await options.fetchText('/sw.js');
      count.statuses.set(status, (count.statuses.get(status) ?? 0) + 1);
      const build = /buildId:`([^`]+)`/.exec(text)?.[1];
      if (status !== 200 || !build) throw new Error(`${status}, build id ${build ?? 'missing'}`);
      tally.builds.push([at, build]);
    } catch (error) {
      count.failed++;
      tally.failures.push(`${(at / 1000).toFixed(1)} s GET /sw.js: ${String(error)}`);
    }
  };

  /** A driver at the gate: entry, price, pay with the saved card (exactly once, whatever the retries). */
  const payOnce = async () => {
    const entry = await call('POST', '/parking-system/api/ticket-events/entry', {
      locationId: pick(options.locationIds, tally.paid.length + recentTickets.length),
      licensePlate: plate(),
      entryTimeUtc: new Date(Date.now() - 90 * 60_000).toISOString(),
    }, { staff: true });
    if (entry.status !== 201) return;
    const ticketNumber = String(entry.body['ticketNumber']);
    recentTickets.push(ticketNumber);
    tally.acks.push({ kind: 'ticket-created', ticketNumber });
    await call('GET', `/parking-system/api/management/tickets/${ticketNumber}/rate`);
    const before = tally.acks.length;
    await savedCardCharge(`ticket:${ticketNumber}`, options.methodId, tally.acks).run(call);
    const paid = tally.acks.slice(before).find((ack) => ack.kind === 'payment-succeeded');
    if (paid?.kind === 'payment-succeeded') tally.paid.push({ ticketNumber, paymentId: paid.paymentId });
  };

  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const loops = [
    every(150, () => call('GET', '/locations/api/locations')),
    every(200, (round) => call('GET', `/search/api/poi/autocomplete?input=${encodeURIComponent(pick(PLACES, round))}`)),
    every(400, (round) => call('POST', '/rates/api/rates/calculate-multiple', {
      locationIds: options.locationIds,
      entryTimeUtc: new Date(tomorrow.getTime() + (round % 24) * 1_800_000).toISOString(),
      exitTimeUtc: new Date(tomorrow.getTime() + (round % 24) * 1_800_000 + (2 + (round % 5)) * 3_600_000).toISOString(),
    })),
    every(300, (round) => (recentTickets.length > 0 ? call('GET', `/parking-system/api/management/tickets/${pick(recentTickets.slice(-10), round)}/rate`) : Promise.resolve())),
    every(500, swCall),
    every(1000, payOnce),
  ];
  return {
    tally,
    async stop() {
      running = false;
      await Promise.all(loops);
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
