/**
 * `npm run chaos` (not part of `npm test`): crash safety of money. The real server process
 * (`server/main.ts`) runs on a database that lives across rounds; each round
 *   1. prepares calmly: two paper tickets entered at the gate, a vehicle for park-and-pay;
 *   2. starts four money flows at once as a client would — a saved-card charge of a ticket, a
 *      browser card payment of a ticket (initialize → tokenise → confirm → poll), a park-and-pay
 *      activation paid with the saved card, and a card enrollment — and kills the server with
 *      SIGKILL at a random moment inside that window;
 *   3. restarts the server (which reconciles what was left in flight) and retries what was cut
 *      off, as the app would (same Idempotency-Key, same payment id);
 *   4. stops it and checks the database (invariants.ts): nothing charged twice, no charge without
 *      its record, nothing left in flight, nothing a client was told lost.
 * Rounds run on PGlite (a data directory) and then on a PostgreSQL server this script starts.
 *
 *   npm run chaos -- [--rounds 50] [--db pglite|postgres|both] [--seed 7]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '../../server/cli/auth-emulator.ts';
import { openPglite, openPostgres } from '../../server/db/client.ts';
import { checkInvariants, type Acknowledged, type Anomaly } from './invariants.ts';
import { freePort } from '../../server/testing/free-port.ts';
import { startPostgresCluster } from '../support/postgres-cluster.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STAFF_KEY = 'parkfair-dev-staff-key';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', name: 'Chaos Driver', zip: '10001' };

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const ROUNDS = Number(option('rounds', '50'));
const DATABASES = option('db', 'both') === 'both' ? (['pglite', 'postgres'] as const) : ([option('db', 'pglite')] as ('pglite' | 'postgres')[]);

/** A small seeded generator (mulberry32) so a run can be repeated with --seed. */
let seed = Number(option('seed', String(Date.now() % 100000)));
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const plate = () => `CH${Array.from({ length: 5 }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ23456789'[Math.floor(random() * 31)]).join('')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The server process

type Server = { child: ChildProcess; base: string; exited: Promise<void> };

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', PLATE_WARMUP: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (/ready in \d+ ms/.test(log)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${String(code)}) before it was ready:\n${log}`)));
  });
  await Promise.race([ready, sleep(120_000).then(() => Promise.reject(new Error(`server not ready in 120 s:\n${log}`)))]);
  const reconciled = /\[payments\] reconciled[^\n]*/.exec(log)?.[0];
  if (reconciled) reconciliations.push(reconciled);
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

const reconciliations: string[] = [];

async function kill(server: Server, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  server.child.kill(signal);
  await server.exited;
}

// ---------------------------------------------------------------------------------------------
// The client

export type Answer = { status: number; body: Record<string, unknown> };
export class CutOff extends Error {}

export function client(base: () => string, token: string) {
  return async function call(method: string, url: string, json?: unknown, options: { key?: string; staff?: boolean } = {}): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${base()}${url}`, {
        method,
        headers: {
          ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.staff ? { 'X-Staff-Key': STAFF_KEY } : { Authorization: `Bearer ${token}` }),
          ...(options.key ? { 'Idempotency-Key': options.key } : {}),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new CutOff(`${method} ${url}`);
    }
    const text = await response.text().catch(() => {
      throw new CutOff(`${method} ${url} (body)`);
    });
    return { status: response.status, body: parseBody(text) };
  };
}

function parseBody(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { text };
  }
}

export type Call = ReturnType<typeof client>;

export async function signUp(emulatorHost: string): Promise<string> {
  const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `chaos-${randomUUID().slice(0, 8)}@example.com`, password: 'secret-123', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`emulator signUp: ${response.status}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

function expect(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

// ---------------------------------------------------------------------------------------------
// The four flows. Each keeps its progress in `state` so the retry after the restart goes on from
// where the client was cut off, as the app would.

type Flow = { name: string; done: boolean; run: (call: Call) => Promise<void> };

export function savedCardCharge(systemEntityId: string, methodId: number, acks: Acknowledged[]): Flow {
  const key = randomUUID();
  const flow: Flow = {
    name: 'saved-card charge',
    done: false,
    async run(call) {
      // A 409 "in progress" is polled like the app does, for 20 s, and then the driver taps Pay once
      // more (another 20 s): a key whose holder was killed stays leased for up to LEASE_MS (30 s,
      // server/payments/idempotency.ts) before a retry may take it over, so one poll can end
      // inside the lease (decision 0107).
      const deadline = Date.now() + 2 * 20_000;
      while (Date.now() < deadline) {
        const answer = await call('POST', `/payments/api/payments/methods/${methodId}/charge`, { systemEntityId }, { key });
        if (answer.status === 200) {
          acks.push({ kind: 'payment-succeeded', paymentId: Number(answer.body['paymentId']), systemEntityId });
          flow.done = true;
          return;
        }
        if (answer.status !== 409) throw new Error(`charge ${systemEntityId}: ${answer.status} ${JSON.stringify(answer.body)}`);
        if (/already been paid/i.test(String(answer.body['message']))) {
          flow.done = true;
          return;
        }
        await sleep(250);
      }
      throw new Error(`charge ${systemEntityId}: still "in progress" after two taps of 20 s`);
    },
  };
  return flow;
}

function browserCardPayment(systemEntityId: string, acks: Acknowledged[]): Flow {
  const key = randomUUID();
  const state: { paymentId?: number; clientSecret?: string; paymentMethodId?: string; confirmed?: boolean } = {};
  const flow: Flow = {
    name: 'browser card payment',
    done: false,
    async run(call) {
      if (!state.clientSecret) {
        // As for the saved card: a key whose holder was killed is leased for up to 30 s, so a
        // 409 "still running" is retried for two taps of 20 s.
        let answer = await call('POST', '/payments/api/payments/initialize', { systemEntityId, paymentId: state.paymentId ?? null }, { key });
        for (const deadline = Date.now() + 2 * 20_000; answer.status === 409 && /still running/i.test(String(answer.body['message'])) && Date.now() < deadline; ) {
          await sleep(250);
          answer = await call('POST', '/payments/api/payments/initialize', { systemEntityId, paymentId: state.paymentId ?? null }, { key });
        }
        const init = expect(answer, 200, 'initialize');
        state.paymentId = Number(init.body['paymentId']);
        state.clientSecret = String(init.body['clientSecret']);
      }
      if (!state.paymentMethodId) {
        state.paymentMethodId = String(expect(await call('POST', '/payments/api/test-processor/payment-methods', CARD), 200, 'tokenise').body['paymentMethodId']);
      }
      if (!state.confirmed) {
        const confirm = await call('POST', `/payments/api/test-processor/payment-intents/${state.clientSecret}/confirm`, { paymentMethodId: state.paymentMethodId });
        // 400 "already succeeded" is the answer to a confirmation whose first answer was lost.
        if (confirm.status !== 200 && !(confirm.status === 400 && /already succeeded/.test(String(confirm.body['message'])))) {
          throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
        }
        state.confirmed = true;
        acks.push({ kind: 'processor-charged', paymentId: state.paymentId ?? 0, systemEntityId });
      }
      for (let attempt = 0; attempt < 40; attempt++) {
        const status = await call('GET', `/payments/api/payments/${state.paymentId}`);
        if (status.status === 200) {
          if (status.body['status'] === 'succeeded') acks.push({ kind: 'payment-succeeded', paymentId: state.paymentId ?? 0, systemEntityId });
          flow.done = true;
          return;
        }
        await sleep(250);
      }
      throw new Error(`payment ${state.paymentId} not settled after 10 s`);
    },
  };
  return flow;
}

function activation(licensePlate: string, locationId: number, methodId: number, acks: Acknowledged[]): Flow {
  const state: { ticketNumber?: string; pay?: Flow } = {};
  const flow: Flow = {
    name: 'park-and-pay activation',
    done: false,
    async run(call) {
      if (!state.ticketNumber) {
        // After a cut-off the entry may have been saved: the driver's tickets say so.
        const mine = await call('GET', '/parking-system/api/management/tickets/mine');
        const found = (mine.body['results'] as { ticketNumber: string; vehicle: { licensePlate: string | null } }[] | undefined)?.find((ticket) => ticket.vehicle.licensePlate === licensePlate);
        if (found) state.ticketNumber = found.ticketNumber;
        else {
          const entry = expect(await call('POST', '/parking-system/api/ticket-events/entry', { locationId, licensePlate, entryTimeUtc: new Date().toISOString() }), 201, 'activation');
          state.ticketNumber = String(entry.body['ticketNumber']);
          acks.push({ kind: 'ticket-created', ticketNumber: state.ticketNumber });
        }
      }
      state.pay ??= savedCardCharge(`ticket:${state.ticketNumber}`, methodId, acks);
      await state.pay.run(call);
      flow.done = true;
    },
  };
  return flow;
}

export function cardEnrollment(acks: Acknowledged[]): Flow {
  const key = randomUUID();
  const state: { transactionId?: string; providerCustomerId?: string; clientSecret?: string; paymentMethodId?: string; confirmed?: boolean } = {};
  const flow: Flow = {
    name: 'card enrollment',
    done: false,
    async run(call) {
      if (!state.transactionId) {
        const setup = expect(await call('POST', '/payments/api/payments/setup/initialize', {}, { key: `${key}-init` }), 200, 'setup initialize');
        state.transactionId = String(setup.body['transactionIntentId']);
        state.providerCustomerId = String(setup.body['providerCustomerId']);
        state.clientSecret = String(setup.body['clientSecret']);
      }
      if (!state.paymentMethodId) {
        state.paymentMethodId = String(expect(await call('POST', '/payments/api/test-processor/payment-methods', CARD), 200, 'tokenise').body['paymentMethodId']);
      }
      if (!state.confirmed) {
        const confirm = await call('POST', `/payments/api/test-processor/setup-intents/${state.clientSecret}/confirm`, { paymentMethodId: state.paymentMethodId });
        if (confirm.status !== 200 && confirm.status !== 400) throw new Error(`setup confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
        state.confirmed = true;
      }
      const complete = expect(await call('POST', '/payments/api/payments/setup/complete', {
        transactionId: state.transactionId, providerCustomerId: state.providerCustomerId, paymentMethodId: state.paymentMethodId,
      }, { key: `${key}-complete` }), 200, 'setup complete');
      acks.push({ kind: 'card-saved', customerPaymentMethodId: Number(complete.body['customerPaymentMethodId']) });
      flow.done = true;
    },
  };
  return flow;
}

// ---------------------------------------------------------------------------------------------
// One database's run

type Figures = { database: string; rounds: number; kills: number; killsMidFlight: number; cutOffFlows: number; retriesFailed: number; anomalies: Map<string, Anomaly>; ms: number };

async function runOn(database: 'pglite' | 'postgres', emulatorHost: string): Promise<Figures> {
  const startedAt = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pf-chaos-data-'));
  const cluster = database === 'postgres' ? await startPostgresCluster() : undefined;
  if (database === 'postgres' && !cluster) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (npm run test:api installs them)');
  const databaseUrl = cluster?.createDatabase('chaos');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const openDb = () => (databaseUrl ? openPostgres(databaseUrl) : openPglite(path.join(dataDir, 'pgdata')));
  const figures: Figures = { database, rounds: 0, kills: 0, killsMidFlight: 0, cutOffFlows: 0, retriesFailed: 0, anomalies: new Map(), ms: 0 };
  let server = await startServer(env);
  const token = await signUp(emulatorHost);
  const call = client(() => server.base, token);
  const acks: Acknowledged[] = [];
  try {
    // A saved card to charge, and the garages to park in.
    const enrol = cardEnrollment(acks);
    await enrol.run(call);
    const methods = (await call('GET', '/payments/api/payments/methods')).body as unknown as { customerPaymentMethodId: number }[];
    const methodId = methods[0]?.customerPaymentMethodId ?? 0;
    const locations = ((await call('GET', '/locations/api/locations')).body as unknown as { locationId: number }[]).map((location) => location.locationId);
    const someLocation = () => locations[Math.floor(random() * locations.length)] ?? 1;

    // The window a kill may fall in: how long the four flows take undisturbed (one calm round).
    let windowMs = 400;
    for (let round = 0; round <= ROUNDS; round++) {
      const isCalibration = round === 0;
      // 1. Calm preparation.
      const tickets: string[] = [];
      for (let i = 0; i < 2; i++) {
        const entry = expect(await call('POST', '/parking-system/api/ticket-events/entry', {
          locationId: someLocation(), licensePlate: plate(), entryTimeUtc: new Date(Date.now() - 90 * 60_000).toISOString(),
        }, { staff: true }), 201, 'gate entry');
        tickets.push(String(entry.body['ticketNumber']));
        acks.push({ kind: 'ticket-created', ticketNumber: String(entry.body['ticketNumber']) });
      }
      const vehiclePlate = plate();
      expect(await call('POST', '/accounts/api/customers/add-vehicle', {
        licensePlate: vehiclePlate, vehicleTypeId: 1, make: 'Toyota', model: 'Camry', country: 'United States', state: 'NY', color: 'Silver', year: 2019,
      }), 201, 'add vehicle');

      // 2. The flows, and a kill at a random moment among them.
      const flows = [
        savedCardCharge(`ticket:${tickets[0]}`, methodId, acks),
        browserCardPayment(`ticket:${tickets[1]}`, acks),
        activation(vehiclePlate, someLocation(), methodId, acks),
        cardEnrollment(acks),
      ];
      const started = performance.now();
      const running = flows.map((flow) => flow.run(call).catch((error: unknown) => {
        if (!(error instanceof CutOff)) throw error;
      }));
      if (isCalibration) {
        await Promise.all(running);
        windowMs = Math.max(100, Math.round((performance.now() - started) * 1.2));
        console.log(`[chaos] ${database}: the four flows take ${Math.round(performance.now() - started)} ms undisturbed; kills fall in 0–${windowMs} ms`);
        continue;
      }
      await sleep(random() * windowMs);
      const inFlight = flows.filter((flow) => !flow.done).length;
      await kill(server, 'SIGKILL');
      figures.kills++;
      if (inFlight > 0) figures.killsMidFlight++;
      await Promise.all(running);

      // 3. Restart (the server reconciles), then the client goes on where it was cut off.
      server = await startServer(env);
      for (const flow of flows.filter((candidate) => !candidate.done)) {
        figures.cutOffFlows++;
        try {
          await flow.run(call);
        } catch (error: unknown) {
          figures.retriesFailed++;
          console.log(`[chaos] ${database} round ${round}: retrying the ${flow.name} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }

      // 4. Look at the records: PostgreSQL while the server runs; PGlite's directory is the
      // server's alone, so it is stopped first and started again for the next round.
      if (!cluster) await kill(server, 'SIGTERM');
      const db = await openDb();
      try {
        for (const anomaly of await checkInvariants(db, acks)) {
          if (figures.anomalies.has(anomaly.key)) continue;
          figures.anomalies.set(anomaly.key, anomaly);
          console.log(`[chaos] ${database} round ${round}: ANOMALY ${anomaly.kind}: ${anomaly.detail}`);
        }
      } finally {
        await db.close();
      }
      if (!cluster) server = await startServer(env);
      figures.rounds++;
      if (round % 5 === 0) console.log(`[chaos] ${database}: ${round}/${ROUNDS} rounds, ${figures.anomalies.size} anomalies so far`);
    }
  } finally {
    await kill(server, 'SIGTERM');
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  figures.ms = Date.now() - startedAt;
  return figures;
}

async function main(): Promise<number> {
  console.log(`[chaos] ${ROUNDS} rounds on ${DATABASES.join(' and ')}, seed ${seed}`);
  const emulator = await startAuthEmulator({ projectId: 'demo-parkfair' });
  const results: Figures[] = [];
  try {
    for (const database of DATABASES) results.push(await runOn(database, emulator.host));
  } finally {
    await emulator.stop();
  }
  console.log('\n[chaos] database  rounds  kills  mid-flight  flows cut off  retries failed  anomalies  time');
  for (const figures of results) {
    console.log(`[chaos] ${figures.database.padEnd(9)} ${String(figures.rounds).padStart(6)} ${String(figures.kills).padStart(6)} ${String(figures.killsMidFlight).padStart(11)} ${String(figures.cutOffFlows).padStart(14)} ${String(figures.retriesFailed).padStart(15)} ${String(figures.anomalies.size).padStart(10)}  ${Math.round(figures.ms / 1000)} s`);
    const byKind = new Map<string, number>();
    for (const anomaly of figures.anomalies.values()) byKind.set(anomaly.kind, (byKind.get(anomaly.kind) ?? 0) + 1);
    for (const [kind, count] of byKind) console.log(`[chaos]   ${kind}: ${count}`);
  }
  if (reconciliations.length > 0) console.log(`[chaos] restarts that settled something: ${reconciliations.length}, e.g. ${reconciliations[0]}`);
  return results.every((figures) => figures.anomalies.size === 0) ? 0 : 1;
}

// The client and its flows are also what `npm run test:deploy` drives through the load balancer:
// imported, this file runs nothing.
const isEntryPoint = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isEntryPoint) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('[chaos] failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
