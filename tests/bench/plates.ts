/**
 * Plate reading bench: photos through POST /plates/api/recognize in-process (the plates sub-app,
 * signed in with a stub verifier: the identity provider is not what is measured), one request at
 * a time, each set on its own row: the real whole photos (held out; the budget applies to them),
 * the frames with no plate (QR codes; plate-less real scenes), and the drawn US-style plates
 * (a smoke test: no budget, chooses nothing). Then the real Argentine crops through the
 * recogniser alone. Prints top-1, the truth among the first result's plate and alternatives,
 * plates proposed for frames with none, median and p95 ms, and the peak process memory (RSS
 * sampled every 5 ms while reading). Budgets from issue 15, meant for real US photos.
 */
import { cpus, loadavg } from 'node:os';
import { parseConfig } from '../../server/config.ts';
import type { Deps } from '../../server/deps.ts';
import { createPlateEngine, loadPlateSessions } from '../../server/plates/engine.ts';
import { createPlatesApi } from '../../server/plates/routes.ts';
import { evaluateCrops, evaluateWholePhotos, percent, type Evaluation, type ReadingList, type SetScore } from '../../server/plates/testing/evaluate.ts';
import { madePhotos, negativePhotos, realPhotos } from '../../server/plates/testing/plate-fixtures.ts';

const BUDGET = { top1: 88, offered: 94, medianMs: 250, p95Ms: 500 };
const mb = (bytes: number) => bytes / (1024 * 1024);
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`;

/** Highest RSS seen while `task` runs. */
async function peakRss<T>(task: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await task();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

function row(set: SetScore, timing?: Evaluation): string {
  const times = timing ? `  median ${timing.medianMs.toFixed(0)} ms  p95 ${timing.p95Ms.toFixed(0)} ms` : '';
  if (set.set.startsWith('negative')) return `  ${set.set.padEnd(15)} ${String(set.total).padStart(3)} frames  plate proposed for ${set.proposed}${times}`;
  return `  ${set.set.padEnd(15)} ${String(set.total).padStart(3)} photos  top-1 ${percent(set.top1, set.total).toFixed(1)} %  in alternatives ${percent(set.offered, set.total).toFixed(1)} %${times}`;
}

export async function benchPlates(): Promise<{ lines: string[] }> {
  const lines: string[] = [];
  const rssBefore = process.memoryUsage().rss;
  const engine = createPlateEngine();
  await engine.warmUp();
  const rssLoaded = process.memoryUsage().rss;

  const deps = {
    config: parseConfig({ NODE_ENV: 'test' }),
    verifyToken: async () => ({ uid: 'bench', email: undefined, phoneNumber: undefined }),
    now: () => new Date(),
  } as unknown as Deps; // the plates API touches no database
  const api = createPlatesApi(deps, engine);
  const readThroughApi = async (photo: Buffer): Promise<ReadingList> => {
    const response = await api.request('/recognize', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer bench' },
      body: JSON.stringify({ base64Image: photo.toString('base64') }),
    });
    if (!response.ok) throw new Error(`recognize answered ${response.status}`);
    return ((await response.json()) as { results: ReadingList }).results;
  };
  await readThroughApi(Buffer.from(await (await import('sharp')).default({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer()));

  lines.push(`plates: photos through POST /plates/api/recognize (in-process, sequential; ${load()} at the start)`);
  const { result: real, peak } = await peakRss(() => evaluateWholePhotos(readThroughApi, realPhotos()));
  const [realSet] = real.sets;
  if (realSet) {
    const top1 = percent(realSet.top1, realSet.total);
    const offered = percent(realSet.offered, realSet.total);
    lines.push(row(realSet, real));
    lines.push(
      `  budget (real rows): top-1 [${verdict(top1 >= BUDGET.top1)} ≥ ${BUDGET.top1} %]  alternatives [${verdict(offered >= BUDGET.offered)} ≥ ${BUDGET.offered} %]  median [${verdict(real.medianMs <= BUDGET.medianMs)} ≤ ${BUDGET.medianMs} ms]  p95 [${verdict(real.p95Ms <= BUDGET.p95Ms)} ≤ ${BUDGET.p95Ms} ms]`,
    );
  }
  const negatives = await evaluateWholePhotos(readThroughApi, negativePhotos());
  negatives.sets.forEach((set, index) => lines.push(row(set, index === 0 ? negatives : undefined)));
  const made = await evaluateWholePhotos(readThroughApi, madePhotos());
  for (const set of made.sets) lines.push(`${row(set, made)}  (drawn: smoke test, no budget)`);
  lines.push(`  ${load()} at the end (wall times are only meaningful on an idle machine)`);
  lines.push(`  memory: RSS ${mb(rssBefore).toFixed(0)} MB before the models, ${mb(rssLoaded).toFixed(0)} MB loaded, peak ${mb(peak).toFixed(0)} MB while reading the real photos`);
  for (const set of [...real.sets, ...negatives.sets]) for (const miss of set.misses) lines.push(`  miss ${miss}`);

  const crops = await evaluateCrops(await loadPlateSessions());
  lines.push(`${row(crops)}  (recogniser only; maybe in its training data: an upper bound)`);
  lines.push('  Real US car photos: none are in the project; the issue-15 budgets on them are measured from outside.');
  return { lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines } = await benchPlates();
  console.log(lines.join('\n'));
}
