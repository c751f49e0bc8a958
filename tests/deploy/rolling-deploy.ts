/**
 * The rolling deploy of `npm run test:deploy` (tests/run/test-deploy.mjs starts this once HAProxy
 * and PostgreSQL are installed and a throwaway TLS certificate is made):
 *   1. builds the PWA as release A, makes release B of it (another APP_BUILD_ID, so a new service
 *      worker; tests/support/served-build.ts), and stages them with deploy/stage-release.sh;
 *   2. starts a PostgreSQL cluster, an Auth emulator, two server processes on release A and
 *      HAProxy with the repo's deploy/haproxy.cfg (TLS in front, health checks on /healthz/ready);
 *   3. drives steady mixed traffic through HAProxy (tests/deploy/traffic.ts, a payment a second);
 *   4. replaces each process with release B, one at a time: drain in HAProxy → SIGTERM (exit 0)
 *      → start → ready → back in rotation;
 *   5. asserts: no failed request, every payment exactly once in the database (by its
 *      Idempotency-Key, by its ticket, at the processor), the served build switched from A to B,
 *      and every hashed asset of both builds answered by both processes during the change and by
 *      the balancer after it (an open page of release A keeps working).
 * Decision 0117; run time about a minute and a half.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningEmulator, startOwnAuthEmulator } from '../../server/cli/auth-emulator.ts';
import { openPostgres } from '../../server/db/client.ts';
import { freePort } from '../../server/testing/free-port.ts';
import { cardEnrollment, client, signUp } from '../chaos/chaos.ts';
import { checkInvariants } from '../chaos/invariants.ts';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster.ts';
import { restampBuild } from '../support/served-build.ts';
import { BACKEND, type Haproxy, startHaproxy, waitForServer } from './haproxy.ts';
import { startTraffic } from './traffic.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROJECT_ID = 'demo-parkfair';
const TLS_CERT = process.env['DEPLOY_TLS_CERT'] ?? '';
/**
 * DEPLOY_DRAIN=off skips the drain through the admin socket: SIGTERM alone, HAProxy finding out by
 * its checks and retrying refused connections — the path decision 0117 says not to rely on.
 */
const DRAIN_FIRST = process.env['DEPLOY_DRAIN'] !== 'off';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const startedAt = performance.now();
const timeline: string[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function mark(text: string) {
  const line = `${seconds(performance.now() - startedAt).padStart(7)}  ${text}`;
  timeline.push(line);
  console.log(`[deploy] ${line}`);
}

function runChecked(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function build(outDir: string, buildId: string): Promise<void> {
  await runChecked(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { APP_BUILD_ID: buildId });
}

// ---------------------------------------------------------------------------------------------
// A server process in a slot (a fixed port the balancer knows)

type Slot = { name: 'app1' | 'app2'; port: number; process?: ChildProcess; log: string[] };

/** Starts the process and resolves once /healthz/ready answers 200, to the server's own "ready in N ms". */
async function startProcess(slot: Slot, env: Record<string, string>): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `pf-deploy-${slot.name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(slot.port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  slot.process = child;
  slot.log = [];
  child.stdout?.on('data', (chunk: Buffer) => slot.log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => slot.log.push(chunk.toString()));
  child.once('exit', () => void rm(dataDir, { recursive: true, force: true }));
  // Ready is what the balancer asks: /healthz/ready, straight at the process.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${slot.name} exited (${child.exitCode}) before it was ready:\n${slot.log.join('')}`);
    const status = await fetch(`http://127.0.0.1:${slot.port}/healthz/ready`).then((response) => response.status, () => 0);
    if (status === 200) return /ready in \d+ ms/.exec(slot.log.join(''))?.[0] ?? 'ready';
    if (Date.now() > deadline) throw new Error(`${slot.name} not ready in 180 s:\n${slot.log.join('')}`);
    await sleep(100);
  }
}

/** SIGTERM and the exit code: a drained process exits 0. */
async function stopProcess(slot: Slot): Promise<number | null> {
  const child = slot.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

// ---------------------------------------------------------------------------------------------

async function assetNames(release: string): Promise<string[]> {
  return (await readdir(path.join(release, 'assets'))).sort();
}

/** Asks for each asset; returns the ones not answered 200. */
async function missingAssets(base: string, names: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (let index = 0; index < names.length; index += 16) {
    await Promise.all(names.slice(index, index + 16).map(async (name) => {
      const response = await fetch(`${base}/assets/${name}`);
      await response.arrayBuffer();
      if (response.status !== 200) missing.push(`${name} (${response.status})`);
    }));
  }
  return missing;
}

async function main(): Promise<number> {
  if (!TLS_CERT) throw new Error('DEPLOY_TLS_CERT is not set: run `npm run test:deploy`');
  const work = await mkdtemp(path.join(tmpdir(), 'pf-deploy-'));
  const problems: string[] = [];
  const check = (ok: boolean, text: string) => {
    console.log(`[deploy] ${ok ? 'ok  ' : 'FAIL'} ${text}`);
    if (!ok) problems.push(text);
  };
  const runId = new Date().toISOString();
  const buildIds = { a: `deploy-A-${runId}`, b: `deploy-B-${runId}` };
  const slots: Slot[] = [
    { name: 'app1', port: await freePort(), log: [] },
    { name: 'app2', port: await freePort(), log: [] },
  ];
  let haproxy: Haproxy | undefined;
  let cluster: PostgresCluster | undefined;
  let emulator: RunningEmulator | undefined;
  // Ctrl-C or a SIGTERM to the runner: throw out of the steps below into the cleanup.
  let interrupt: (signal: string) => void = () => {};
  const interrupted = new Promise<never>((_, reject) => {
    interrupt = (signal) => {
      // A process being waited for then fails its wait; the cleanup below stops the rest.
      for (const slot of slots) slot.process?.kill('SIGKILL');
      reject(new Error(`interrupted by ${signal}`));
    };
  });
  interrupted.catch(() => {});
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => interrupt(signal));
  try {
    // The Auth emulator first, on its own (a busy machine makes it miss its 120 s start limit),
    // then the build while PostgreSQL starts.
    const auth = await Promise.race([startOwnAuthEmulator({ projectId: PROJECT_ID }), interrupted]);
    emulator = auth;
    const building = build(path.join(work, 'build-a'), buildIds.a);
    building.catch(() => {});
    const postgres = await startPostgresCluster();
    if (!postgres) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
    cluster = postgres;
    // 1. Two releases.
    await Promise.race([building, interrupted]);
    await restampBuild(path.join(work, 'build-a'), path.join(work, 'build-b'), buildIds.a, buildIds.b);
    mark('built release A; release B is the same code with another APP_BUILD_ID');
    const [releaseA, releaseB] = [path.join(work, 'release-a'), path.join(work, 'release-b')];
    await runChecked('sh', ['deploy/stage-release.sh', path.join(work, 'build-a'), releaseA]);

    // 2. Database, two processes on release A, the balancer.
    const databaseUrl = postgres.createDatabase('parkfair');
    const env = (release: string) => ({
      DATABASE_URL: databaseUrl,
      DIST_DIR: release,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      TRUST_PROXY: '1',
      PLATE_WARMUP: 'off',
      NODE_ENV: 'development',
      // Two processes on one host: one metrics port would be taken by the first (docs/operations.md, "Metrics").
      METRICS_PORT: 'off',
    });
    const readyLines = await Promise.all(slots.map((slot) => startProcess(slot, env(releaseA))));
    mark(`app1 and app2 on release A: /healthz/ready 200 (server: ${readyLines.join(', ')})`);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    haproxy = await startHaproxy({
      httpsBind: `127.0.0.1:${httpsPort}`,
      httpBind: `127.0.0.1:${httpPort}`,
      tlsCert: TLS_CERT,
      app1: `127.0.0.1:${slots[0]?.port}`,
      app2: `127.0.0.1:${slots[1]?.port}`,
      socket: path.join(work, 'haproxy.sock'),
    });
    for (const slot of slots) await waitForServer(haproxy, slot.name, 'UP', (stat) => stat.status === 'UP');
    mark(`haproxy ${BACKEND}: app1 UP, app2 UP; clients use https://127.0.0.1:${httpsPort}`);
    const base = `https://127.0.0.1:${httpsPort}`;

    // A driver with a saved card (set up calmly, before the traffic).
    const token = await signUp(auth.host);
    const call = client(() => base, token);
    await cardEnrollment([]).run(call);
    const methods = (await call('GET', '/payments/api/payments/methods')).body as unknown as { customerPaymentMethodId: number }[];
    const locations = (await call('GET', '/locations/api/locations')).body as unknown as { locationId: number }[];
    const methodId = methods[0]?.customerPaymentMethodId;
    if (!methodId || locations.length === 0) throw new Error('setup: no saved card or no garages');

    // 3. Traffic.
    await runChecked('sh', ['deploy/stage-release.sh', path.join(work, 'build-b'), releaseB, releaseA]);
    const trafficStart = performance.now();
    const fetchText = async (url: string) => {
      const response = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(30_000) });
      return { status: response.status, text: await response.text() };
    };
    const traffic = startTraffic({ call, fetchText, methodId, locationIds: locations.map((location) => location.locationId), startedAt: trafficStart });
    mark('traffic started');
    await sleep(4000);

    // 4. One process at a time.
    const mixedChecks: string[] = [];
    for (const slot of slots) {
      // The process is two entries in HAProxy: checked, and its unchecked fallback (deploy/haproxy.cfg).
      const entries = [slot.name, `${slot.name}-fallback`];
      if (DRAIN_FIRST) {
        for (const entry of entries) await haproxy.command(`set server ${BACKEND}/${entry} state drain`);
        mark(`${slot.name}: drain (HAProxy sends it nothing new)`);
        let served = 0;
        for (const entry of entries) served += (await waitForServer(haproxy, entry, 'idle', (stat) => stat.current === 0)).total;
        mark(`${slot.name}: no request in flight (${served} served)`);
      }
      const stopping = performance.now();
      const code = await stopProcess(slot);
      mark(`${slot.name}: SIGTERM → exited ${code} in ${Math.round(performance.now() - stopping)} ms`);
      check(code === 0, `${slot.name} on release A exits 0 after SIGTERM (got ${code})`);
      const ready = await startProcess(slot, env(releaseB));
      mark(`${slot.name}: started on release B, /healthz/ready 200 (server: ${ready})`);
      if (DRAIN_FIRST) for (const entry of entries) await haproxy.command(`set server ${BACKEND}/${entry} state ready`);
      await waitForServer(haproxy, slot.name, 'UP', (stat) => stat.status === 'UP');
      mark(`${slot.name}: UP in HAProxy (health checks passed), back in rotation`);
      if (slot.name === 'app1') {
        // Mixed versions: each process must serve the hashed assets of both builds.
        const names = [...new Set([...(await assetNames(path.join(work, 'build-a'))), ...(await assetNames(path.join(work, 'build-b')))])];
        for (const each of slots) mixedChecks.push(...(await missingAssets(`http://127.0.0.1:${each.port}`, names)).map((name) => `${each.name}: ${name}`));
        mark(`both builds' ${names.length} asset files asked of app1 (B) and app2 (A): ${mixedChecks.length} missing`);
        const served = await Promise.all(slots.map(async (each) => /buildId:`([^`]+)`/.exec(await (await fetch(`http://127.0.0.1:${each.port}/sw.js`)).text())?.[1]));
        check(served[0] === buildIds.b && served[1] === buildIds.a, `mid-rollout app1 serves build B and app2 build A (${served.join(', ')})`);
      }
      await sleep(3000);
    }
    await sleep(2000);
    await traffic.stop();
    const trafficMs = performance.now() - trafficStart;
    mark('traffic stopped');

    // 5. What the clients saw.
    const { tally } = traffic;
    let total = 0;
    let failed = 0;
    console.log(`\n[deploy] requests through HAProxy in ${seconds(trafficMs)}:`);
    for (const [kind, count] of tally.counts) {
      total += count.sent;
      failed += count.failed;
      const statuses = [...count.statuses].map(([status, n]) => `${status}×${n}`).join(' ');
      console.log(`[deploy]   ${kind.padEnd(15)} ${String(count.sent).padStart(5)} sent, ${count.failed} failed (${statuses})`);
    }
    for (const failure of tally.failures.slice(0, 20)) console.log(`[deploy]   FAILED ${failure}`);
    check(failed === 0 && total > 0, `${failed} failed requests of ${total}`);

    const builds = tally.builds.map(([, build]) => build);
    const firstB = builds.indexOf(buildIds.b);
    const lastA = builds.lastIndexOf(buildIds.a);
    check(builds[0] === buildIds.a && builds.at(-1) === buildIds.b && firstB > 0,
      `served build switched A → B behind the balancer (/sw.js: ${builds.filter((b) => b === buildIds.a).length}× A, then ${builds.filter((b) => b === buildIds.b).length}× B; both answered between ${seconds(tally.builds[firstB]?.[0] ?? 0)} and ${seconds(tally.builds[lastA]?.[0] ?? 0)})`);
    check(mixedChecks.length === 0, `while mixed, every asset of A and B answered by both processes${mixedChecks.length ? `: missing ${mixedChecks.slice(0, 5).join(', ')}` : ''}`);

    // deploy/stage-release.sh carries them when the code changed (tests/run/test-deploy.stage-release.test.ts).
    const ownA = await assetNames(path.join(work, 'build-a'));
    const missingAfter = await missingAssets(base, ownA);
    check(missingAfter.length === 0, `an open page of release A still loads its scripts: ${ownA.length} asset files of A asked through HAProxy after the change, ${missingAfter.length} missing`);

    const plain = await fetch(`http://127.0.0.1:${httpPort}/locations`, { redirect: 'manual' });
    check(plain.status === 301 && plain.headers.get('location') === `https://127.0.0.1:${httpPort}/locations`, `plain HTTP is redirected to https (${plain.status} → ${plain.headers.get('location')})`);
    const secure = await fetch(`${base}/healthz/live`);
    check(Boolean(secure.headers.get('strict-transport-security')), `behind TLS the server sends HSTS (X-Forwarded-Proto trusted with TRUST_PROXY=1): ${secure.headers.get('strict-transport-security')}`);

    // 6. What the database holds: each payment exactly once.
    const db = await openPostgres(databaseUrl);
    try {
      const attempted = tally.acks.filter((ack) => ack.kind === 'ticket-created').length;
      const paidIds = tally.paid.map((paid) => paid.paymentId);
      const [owner] = await db.query<{ owner_uid: string }>('select owner_uid from payments where payment_id = $1', [paidIds[0] ?? 0]);
      const keys = await db.query<{ idempotency_key: string; state: string; response_status: number | null; payment_id: number | null }>(
        `select idempotency_key, state, response_status, (response_body::jsonb ->> 'paymentId')::int as payment_id
         from idempotency_keys where owner_uid = $1 and response_body like '%"paymentId"%'`,
        [owner?.owner_uid ?? ''],
      );
      const done = keys.filter((key) => key.state === 'done' && key.response_status === 200);
      const keyedIds = new Set(done.map((key) => Number(key.payment_id)));
      const unmatched = paidIds.filter((id) => !keyedIds.has(id));
      check(
        attempted > 0 && tally.paid.length === attempted && keys.length === attempted && done.length === attempted && keyedIds.size === attempted && unmatched.length === 0,
        `${attempted} gate tickets, ${tally.paid.length} answered paid; ${keys.length} payment Idempotency-Keys, ${done.length} done with 200, naming ${keyedIds.size} payments (${unmatched.length} paid not named by a key)`,
      );
      const perTicket = await db.query<{ system_entity_id: string; payments: number; succeeded: number }>(
        `select system_entity_id, count(*)::int as payments, count(*) filter (where status = 'succeeded')::int as succeeded
         from payments where system_entity_id = any($1::text[]) group by system_entity_id`,
        [tally.paid.map((paid) => `ticket:${paid.ticketNumber}`)],
      );
      // A canceled attempt beside the succeeded payment is not a double charge (the processor's side is checked below).
      const notOnce = perTicket.filter((row) => row.succeeded !== 1);
      const extraRows = perTicket.reduce((sum, row) => sum + row.payments - row.succeeded, 0);
      check(perTicket.length === tally.paid.length && notOnce.length === 0, `each paid ticket has exactly one succeeded payment (${perTicket.length} tickets, ${notOnce.length} not exactly once; ${extraRows} canceled or failed attempts beside them)`);
      const anomalies = await checkInvariants(db, tally.acks);
      check(anomalies.length === 0, `no double or lost payment at the processor (chaos invariants: ${anomalies.length} anomalies${anomalies.length ? `: ${anomalies.slice(0, 3).map((a) => a.detail).join('; ')}` : ''})`);
    } finally {
      await db.close();
    }
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    console.error(`[deploy] ${error instanceof Error ? error.message : String(error)}`);
    for (const slot of slots) console.error(`[deploy] ${slot.name} log (last lines):\n${slot.log.join('').split('\n').slice(-15).join('\n')}`);
    if (haproxy) console.error(`[deploy] haproxy log (last lines):\n${haproxy.log.join('').split('\n').slice(-15).join('\n')}`);
  } finally {
    for (const slot of slots) await stopProcess(slot);
    await haproxy?.stop();
    await emulator?.stop();
    await cluster?.stop();
    await rm(work, { recursive: true, force: true });
  }
  console.log(`\n[deploy] timeline:\n${timeline.map((line) => `[deploy] ${line}`).join('\n')}`);
  console.log(`[deploy] ${problems.length === 0 ? 'passed' : `FAILED: ${problems.length} problem(s)`} in ${seconds(performance.now() - startedAt)}`);
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[deploy] failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
