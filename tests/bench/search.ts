/**
 * Search bench: GET /search/api/poi/autocomplete at 500 requests a second with Poisson arrivals
 * (poisson-load.ts) for 10 s, on one server process on the embedded database (what `npm start`
 * runs). Budget (issue 17): p99 ≤ 10 ms at 500 req/s.
 *
 * What is sent is what an outsider would send: many different visitors typing different places
 * (server/search/typing-sessions.ts) — every keystroke of names drawn from the whole gazetteer
 * (stations, venues, neighbourhoods, streets, a tenth of the addresses) and the real searches of
 * server/search/real-queries.ts, 30 % of them misspelt, some abandoned after a suggestion was
 * picked, typed concurrently (sessions start at random moments, a keystroke every ~250 ms), half
 * with the default map centre and half from a centre anywhere within ~3 km of Midtown, Downtown
 * Brooklyn, Jersey City or Newark. Each of the 3 runs types new sessions on the same process, and
 * the bench reports how many requests repeat an answer key already asked (what the server's
 * answer cache could serve from memory). The figure is the median of the 3 runs.
 *
 * A second row sends only the prefixes of the real searches, over and over (the cache's case).
 */
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { DEFAULT_MAP_CENTRE } from '../../src/contract/search.ts';
import { autocompleteAnswerKey, snapCentre } from '../../server/search/answer-cache.ts';
import { normalizeSearchText } from '../../server/search/normalize.ts';
import { REAL_QUERIES } from '../../server/search/real-queries.ts';
import { readPackedPlaces } from '../../server/search/seed.ts';
import { seededRandom, typingSessions } from '../../server/search/typing-sessions.ts';
import { type BenchServer, startBenchServer } from './bench-server.ts';
import { cpuMsOf, median } from './figures.ts';
import { type PoissonResult, runPoissonLoadApart } from './poisson-load.ts';

const BUDGET_P99_MS = 10;
const RATE_PER_SECOND = 500;
const DURATION_SECONDS = 10;
const RUNS = 3;
const HEADERS = { 'Accept-Encoding': 'gzip, deflate, br' };
/** Where visitors' maps are: Midtown, Downtown Brooklyn, Jersey City, Newark. */
const AREAS = [
  { latitude: 40.754, longitude: -73.984 },
  { latitude: 40.692, longitude: -73.99 },
  { latitude: 40.718, longitude: -74.047 },
  { latitude: 40.735, longitude: -74.172 },
];
const KEYSTROKE_MS = 250;

type Row = { what: string; budget: string; measured: string; ok: boolean | undefined };
type Request = { path: string; key: string };

/** The names visitors mean to find: the gazetteer's named places, a tenth of its addresses, and the real searches (thrice). */
async function meantNames(): Promise<string[]> {
  const places = await readPackedPlaces();
  const named = places.filter((place) => place.kind !== 'address').map((place) => place.name);
  const addresses = places.filter((place, i) => place.kind === 'address' && i % 10 === 0).map((place) => place.name);
  const real = REAL_QUERIES.map((query) => query.input);
  return [...named, ...addresses, ...real, ...real, ...real];
}

/** At least `count` requests of concurrent typing sessions, in the order they reach the server. */
export function typingStream(names: readonly string[], count: number, seed: number): Request[] {
  const random = seededRandom(seed * 7_919);
  const sessions = typingSessions(names, { sessions: Math.ceil(count / 6), seed });
  const timed: { at: number; request: Request }[] = [];
  const spanMs = sessions.length * 100;
  for (const keystrokes of sessions) {
    const startsAt = random() * spanMs;
    const area = AREAS[Math.floor(random() * AREAS.length)]!;
    const centre =
      random() < 0.5 ? undefined : { latitude: area.latitude + (random() - 0.5) * 0.06, longitude: area.longitude + (random() - 0.5) * 0.06 };
    const near = centre ? `&lat=${centre.latitude.toFixed(6)}&lng=${centre.longitude.toFixed(6)}` : '';
    keystrokes.forEach((text, n) => {
      const key = autocompleteAnswerKey(normalizeSearchText(text), snapCentre(centre ?? DEFAULT_MAP_CENTRE));
      timed.push({ at: startsAt + n * KEYSTROKE_MS * (0.5 + random()), request: { path: `/search/api/poi/autocomplete?input=${encodeURIComponent(text)}${near}`, key } });
    });
  }
  timed.sort((a, b) => a.at - b.at);
  const stream = timed.map((entry) => entry.request);
  if (stream.length < count) throw new Error(`typingStream: ${stream.length} requests, ${count} wanted`);
  return stream;
}

/** The real searches' prefixes from 3 letters, shuffled: the same few hundred requests over and over. */
function repeatedStream(): Request[] {
  const stream = REAL_QUERIES.flatMap((query) =>
    Array.from({ length: query.input.length - 2 }, (_, i) => {
      const text = query.input.slice(0, i + 3);
      return { path: `/search/api/poi/autocomplete?input=${encodeURIComponent(text)}`, key: autocompleteAnswerKey(normalizeSearchText(text), snapCentre(DEFAULT_MAP_CENTRE)) };
    }),
  );
  const random = seededRandom(7);
  for (let i = stream.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [stream[i], stream[j]] = [stream[j]!, stream[i]!];
  }
  return stream;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').trim();

type Run = { result: PoissonResult; repeats: number; cpuMsPerRequest: number; loadBefore: string; loadAfter: string };

/** One load run; `asked` holds every answer key the server has been sent (updated). */
async function loadRun(server: BenchServer, stream: Request[], asked: Set<string>, seed: number): Promise<Run> {
  const loadBefore = loadAverage();
  const cpuBefore = cpuMsOf(server.pid);
  const result = await runPoissonLoadApart({ urls: stream.map((request) => `${server.baseUrl}${request.path}`), ratePerSecond: RATE_PER_SECOND, seconds: DURATION_SECONDS, headers: HEADERS, seed });
  const cpuMsPerRequest = ((cpuMsOf(server.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN)) / result.sent;
  let repeats = 0;
  for (let i = 0; i < result.sent; i += 1) {
    const { key } = stream[i % stream.length]!;
    if (asked.has(key)) repeats += 1;
    asked.add(key);
  }
  return { result, repeats: repeats / result.sent, cpuMsPerRequest, loadBefore, loadAfter: loadAverage() };
}

const describeRun = (label: string, run: Run) => {
  const { latency } = run.result;
  const ok = run.result.errors === 0 && run.result.statuses['200'] === run.result.sent;
  return (
    `  ${label}: p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms, max ${latency.max} ms; ${run.result.sent} requests at ${run.result.achievedRate} req/s, ` +
    `${(run.repeats * 100).toFixed(0)} % repeats, ${ok ? 'all 200' : `statuses ${JSON.stringify(run.result.statuses)}, errors ${JSON.stringify(run.result.errorCodes)}`}; ` +
    `server CPU ${run.cpuMsPerRequest.toFixed(3)} ms a request; sender lateness p99 ${run.result.senderLag.p99} ms; load average ${run.loadBefore.split(' ').slice(0, 3).join(' ')} → ${run.loadAfter.split(' ').slice(0, 3).join(' ')}`
  );
};

export async function benchSearch(): Promise<{ rows: Row[]; lines: string[] }> {
  const names = await meantNames();
  const requestsPerRun = RATE_PER_SECOND * DURATION_SECONDS * 1.3;
  const streams = Array.from({ length: RUNS }, (_, run) => typingStream(names, requestsPerRun, 101 + run));
  const lines = [
    `search: GET /search/api/poi/autocomplete, ${RATE_PER_SECOND} req/s for ${DURATION_SECONDS} s × ${RUNS} runs, Poisson arrivals, keep-alive, 1 process, PGlite`,
    `  stream: concurrent typing sessions of ${new Set(names).size} distinct names (gazetteer + real searches), 30 % misspelt, every keystroke; ` +
      `${new Set(streams.flat().map((r) => r.key)).size} distinct answer keys over the runs`,
    `  machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), /proc/loadavg ${loadAverage()} before the runs`,
  ];
  const rows: Row[] = [];
  // --expose-gc: the server measures its place index between full collections (place-index-source.ts).
  const server = await startBenchServer({ NODE_OPTIONS: '--expose-gc' });
  try {
    const indexLine = server.output.join('').split('\n').find((line) => line.includes('[search] place index:'));
    lines.push(`  ${indexLine?.trim() ?? '(the server did not report its place index)'}`);
    const asked = new Set<string>();
    const runs: Run[] = [];
    for (const [n, stream] of streams.entries()) {
      const run = await loadRun(server, stream, asked, n + 1);
      runs.push(run);
      lines.push(describeRun(`typing run ${n + 1}`, run));
    }
    const p99s = runs.map((run) => run.result.latency.p99);
    const p99 = median(p99s);
    const allOk = runs.every((run) => run.result.errors === 0 && run.result.statuses['200'] === run.result.sent);
    const repeats = median(runs.map((run) => run.repeats));
    lines.push(`  typing, median of ${RUNS}: p50 ${median(runs.map((r) => r.result.latency.p50))} ms, p95 ${median(runs.map((r) => r.result.latency.p95))} ms, p99 ${p99} ms (runs ${p99s.join(', ')} ms)`);
    rows.push({
      what: `place autocomplete p99 at ${RATE_PER_SECOND} req/s (Poisson), many visitors typing (${(repeats * 100).toFixed(0)} % repeated keys), median of ${RUNS}, 1 process, PGlite`,
      budget: `≤ ${BUDGET_P99_MS} ms`,
      measured: `${p99} ms`,
      ok: p99 <= BUDGET_P99_MS && allOk,
    });

    const repeated = await loadRun(server, repeatedStream(), asked, 9);
    lines.push(describeRun('repeated real-query prefixes', repeated));
    rows.push({ what: 'place autocomplete p99, the real searches\' prefixes repeated (answer cache)', budget: '(compare)', measured: `${repeated.result.latency.p99} ms`, ok: undefined });
  } finally {
    await server.stop();
  }
  return { rows, lines };
}
