/**
 * Exit-pass bench (DESIGN.md "Budgets": exit pass opened offline from a cold start, 4× CPU
 * throttle: QR visible ≤ 1.0 s). Real Chromium (/usr/bin/chromium) against the production build
 * served by the real server (server/cli/start.ts) with the bench's own Auth emulator:
 * 1. online, once: the demo driver Dana signs in with a phone code and opens the session of her
 *    seeded car (plate DEMO123, ticket PF7K2QX) and its exit pass, so the service worker, the
 *    persisted query cache and the exit-pass copy in IndexedDB are in the browser profile;
 * 2. the server stops and the browser quits (the app is killed, as on a phone);
 * 3. RUNS times: Chromium starts again on that profile (a cold start: no process, no memory
 *    cache, the worker starts from disk), network emulated offline, CPU throttled 4× over CDP
 *    (Emulation.setCPUThrottlingRate), and opens the session URL the driver comes back to. A
 *    script in the page taps "Show Exit Pass" as soon as it is there, as a driver at the gate
 *    would, and notes when the QR is in the page and when the frame with it is drawn.
 * The figure is that frame's time, from navigation start (performance.timeOrigin). The verdict
 * reads the budget as "a typical cold start shows the QR within 1.0 s": it uses the median run;
 * the worst run is printed beside it (one slow start on a shared machine is not the phone's
 * typical case, and hiding it would be wrong too). Each run also notes when each script
 * arrived and CDP's Performance.getMetrics script/task time, with the load average (the machine
 * is shared: a busy machine slows every figure).
 * Knobs: EXIT_PASS_RUNS (7), EXIT_PASS_CPU_RATE (4), EXIT_PASS_CPU_PROFILE=1 (a CPU profile of
 * the last run in .tmp/bench/exit-pass.cpuprofile, for DevTools, summed by script in the notes).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { buildApp, DRIVER, signInAsDriver, startEmulator, startServer, waitFor } from './signed-in-driver.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const EXIT_PASS_BUDGET_MS = 1000;
const RUNS = Number(process.env['EXIT_PASS_RUNS'] ?? 7);
/** DESIGN.md's 4×; EXIT_PASS_CPU_RATE=1 gives the unthrottled figure for comparison. */
const CPU_THROTTLE = Number(process.env['EXIT_PASS_CPU_RATE'] ?? 4);
const SESSION_PATH = `/parkandpay/session?licensePlate=${DRIVER.plate}`;
/** A phone-sized window: the exit pass is shown on a phone at the gate. */
const PHONE = { viewport: { width: 393, height: 851 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

type Row = { what: string; budget: string; measured: string; ok: boolean | undefined };
export type ColdStartRun = {
  /** The frame with the QR drawn (the figure), from navigation start. */
  qrPaintedMs: number;
  qrInDomMs: number;
  buttonMs: number;
  /** Taps on "Show Exit Pass" it took (more than one: the page replaced the button after a tap). */
  taps: number;
  domContentLoadedMs: number;
  /** When the worker had started and when the HTML had arrived (navigation timing). */
  workerStartMs: number;
  htmlMs: number;
  fromServiceWorker: boolean;
  scriptMs: number;
  taskMs: number;
  /** Scripts the page loaded before the QR, with when each had arrived (resource timing). */
  scripts: { name: string; startMs: number; endMs: number; bytes: number }[];
  /** With EXIT_PASS_CPU_PROFILE=1, the last run's main-thread time by script (sampled). */
  cpu?: string;
};

type CpuProfile = { nodes: { id: number; callFrame: { url: string; functionName: string } }[]; samples: number[]; timeDeltas: number[] };

/** Writes the profile for DevTools and sums its samples by script file ("(program)", "(garbage collector)"…). */
async function saveCpuProfile(profile: CpuProfile, untilMs: number): Promise<string> {
  const file = path.join(ROOT, '.tmp/bench/exit-pass.cpuprofile');
  await writeFile(file, JSON.stringify(profile));
  const urlOf = new Map(profile.nodes.map((node) => [node.id, node.callFrame.url.split('/').pop() || node.callFrame.functionName || '(anonymous)']));
  const totals = new Map<string, number>();
  // The profiler starts just before the navigation: samples up to the QR's time are the ones before it.
  let elapsedMs = 0;
  profile.samples.forEach((id, index) => {
    const deltaMs = (profile.timeDeltas[index] ?? 0) / 1000;
    elapsedMs += deltaMs;
    if (elapsedMs > untilMs) return;
    const name = urlOf.get(id) ?? '?';
    totals.set(name, (totals.get(name) ?? 0) + deltaMs);
  });
  const top = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return `${top.map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ')} (profile: ${path.relative(ROOT, file)})`;
}

/**
 * Runs in every document before its scripts: taps "Show Exit Pass" when it appears and records,
 * on window.__pfExitPass, when the button and the QR appeared and when the QR's frame was drawn.
 * Plain JavaScript text: a function passed to Playwright would carry tsx's helper calls into the page.
 */
const EXIT_PASS_PROBE = `(() => {
  const probe = { taps: 0 };
  window.__pfExitPass = probe;
  let tapped;
  const check = () => {
    const qr = document.querySelector('svg[role="img"][aria-label^="QR code"]');
    if (qr && qr.getBoundingClientRect().width > 0) {
      probe.qrInDomMs = performance.now();
      // The next animation frame is the one that paints it.
      requestAnimationFrame(() => { probe.qrPaintedMs = performance.now(); });
      observer.disconnect();
      return;
    }
    // Tap the button once; tap again only if the page replaced it (a remount loses the tap).
    const button = [...document.querySelectorAll('button[aria-expanded="false"]')].find((element) => element.textContent.trim() === 'Show Exit Pass');
    if (button && button !== tapped) {
      if (probe.buttonMs === undefined) probe.buttonMs = performance.now();
      probe.taps += 1;
      tapped = button;
      button.click();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function launch(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, serviceWorkers: 'allow', ...PHONE });
}

/** Online, once: sign in, open the session and its exit pass, let the worker and the caches settle. */
async function primeProfile(profileDir: string, baseUrl: string, emulatorHost: string): Promise<void> {
  const context = await launch(profileDir);
  try {
    await context.addInitScript(() => window.localStorage.setItem('pf-cookie-accepted', 'true'));
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(30_000);
    await page.goto(`${baseUrl}${SESSION_PATH}`);
    try {
      await page.waitForURL(/\/sign-in/);
      await signInAsDriver(page, emulatorHost);
      await page.waitForURL((url) => url.pathname === '/parkandpay/session');
      await page.getByRole('button', { name: 'Show Exit Pass' }).click();
      await page.getByRole('img', { name: `QR code ${DRIVER.ticketNumber}` }).waitFor();
    } catch (error) {
      const screenshot = path.join(ROOT, '.tmp/bench/exit-pass-failure.png');
      await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
      throw new Error(`preparing the profile failed on ${page.url()} (screenshot: ${path.relative(ROOT, screenshot)})`, { cause: error });
    }
    // The worker controls the page and finished precaching (it claims clients on activation).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    });
    // The query cache is persisted with a 1 s throttle: wait until the tickets are in it.
    await waitFor('the persisted query cache', () =>
      page.evaluate((ticketNumber) => (window.localStorage.getItem('pf-query-cache')?.includes(ticketNumber) ? true : undefined), DRIVER.ticketNumber),
    );
    await page.waitForTimeout(1500);
  } finally {
    await context.close();
  }
}

type Probe = { buttonMs?: number; qrInDomMs?: number; qrPaintedMs?: number; taps: number };

async function waitForProbe(page: Page): Promise<Probe> {
  try {
    return await waitFor(
      'the QR to be drawn',
      () =>
        page
          .evaluate(() => {
            const value = (window as unknown as { __pfExitPass?: Probe }).__pfExitPass;
            return value?.qrPaintedMs === undefined ? undefined : value;
          })
          // A redirect replaces the document while we ask: ask again.
          .catch(() => undefined),
      30_000,
    );
  } catch (error) {
    const screenshot = path.join(ROOT, '.tmp/bench/exit-pass-failure.png');
    await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
    const probe = await page.evaluate(() => JSON.stringify((window as unknown as { __pfExitPass?: Probe }).__pfExitPass)).catch(() => 'unreadable');
    throw new Error(`no QR on ${page.url()}, probe ${probe} (screenshot: ${path.relative(ROOT, screenshot)})`, { cause: error });
  }
}

/** One offline cold start: a new browser process on the primed profile, 4× slower CPU. */
async function coldStart(profileDir: string, baseUrl: string, isProfiled = false): Promise<ColdStartRun> {
  const context = await launch(profileDir);
  try {
    await context.setOffline(true);
    await context.addInitScript({ content: EXIT_PASS_PROBE });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await cdp.send('Performance.enable');
    if (isProfiled) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const response = await page.goto(`${baseUrl}${SESSION_PATH}`, { waitUntil: 'commit', timeout: 30_000 });
    const probe = await waitForProbe(page);
    // The probe only looks at the DOM: make sure the QR is really what the driver sees.
    const isVisible = await page.getByRole('img', { name: `QR code ${DRIVER.ticketNumber}` }).isVisible();
    if (!isVisible) throw new Error('the QR was in the page but not visible');
    const navigation = await page.evaluate(() => {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return { domContentLoadedMs: entry?.domContentLoadedEventEnd ?? 0, workerStartMs: entry?.workerStart ?? 0, htmlMs: entry?.responseEnd ?? 0 };
    });
    const scripts = await page.evaluate(
      (qrMs) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.name.endsWith('.js') && entry.responseEnd <= qrMs)
          .map((entry) => ({ name: entry.name.split('/').pop() ?? entry.name, startMs: entry.startTime, endMs: entry.responseEnd, bytes: entry.decodedBodySize })),
      probe.qrInDomMs ?? 0,
    );
    const cpu = isProfiled ? await saveCpuProfile((await cdp.send('Profiler.stop')).profile as CpuProfile, probe.qrPaintedMs ?? 0) : undefined;
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const metric = (name: string) => (metrics.find((entry) => entry.name === name)?.value ?? 0) * 1000;
    return {
      qrPaintedMs: probe.qrPaintedMs ?? 0,
      qrInDomMs: probe.qrInDomMs ?? 0,
      buttonMs: probe.buttonMs ?? 0,
      taps: probe.taps,
      ...navigation,
      fromServiceWorker: response?.fromServiceWorker() ?? false,
      scriptMs: metric('ScriptDuration'),
      taskMs: metric('TaskDuration'),
      scripts,
      cpu,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

export async function benchExitPass(): Promise<{ rows: Row[]; lines: string[] }> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'pf-bench-exit-pass-'));
  const distDir = path.join(ROOT, '.tmp/bench/exit-pass-dist');
  const profileDir = path.join(workDir, 'profile');
  const lines: string[] = [];
  try {
    const emulator = await startEmulator(workDir);
    let baseUrl = '';
    try {
      await buildApp(distDir, emulator.host);
      const server = await startServer(distDir, path.join(workDir, 'data'), emulator.host);
      baseUrl = server.baseUrl;
      try {
        await primeProfile(profileDir, baseUrl, emulator.host);
      } finally {
        // Offline for real: nothing answers on that port any more.
        await server.stop();
      }
    } finally {
      await emulator.stop();
    }
    const loadBefore = load();
    const runs: ColdStartRun[] = [];
    const isProfiled = process.env['EXIT_PASS_CPU_PROFILE'] === '1';
    for (let run = 0; run < RUNS; run++) runs.push(await coldStart(profileDir, baseUrl, isProfiled && run === RUNS - 1));
    const painted = runs.map((run) => run.qrPaintedMs);
    const worst = Math.max(...painted);
    lines.push(`${RUNS} offline cold starts of ${SESSION_PATH} (new Chromium process on the primed profile, network offline, server stopped, CPU ${CPU_THROTTLE}× slower), "Show Exit Pass" tapped as soon as it shows:`);
    runs.forEach((run, index) =>
      lines.push(
        `  run ${index + 1}: QR drawn ${Math.round(run.qrPaintedMs)} ms (in page ${Math.round(run.qrInDomMs)} ms, button ${Math.round(run.buttonMs)} ms, taps ${run.taps}, DOMContentLoaded ${Math.round(run.domContentLoadedMs)} ms; script ${Math.round(run.scriptMs)} ms, tasks ${Math.round(run.taskMs)} ms; document from the service worker: ${run.fromServiceWorker ? `yes, worker started ${Math.round(run.workerStartMs)} ms, HTML in ${Math.round(run.htmlMs)} ms` : 'no'})`,
      ),
    );
    const medianRun = runs.find((run) => run.qrPaintedMs === [...painted].sort((a, b) => a - b)[Math.floor(painted.length / 2)]);
    if (medianRun) lines.push(`scripts loaded before the QR (median run): ${medianRun.scripts.map((script) => `${script.name} ${(script.bytes / 1024).toFixed(0)} KB ${Math.round(script.startMs)}→${Math.round(script.endMs)} ms`).join(', ')}`);
    const profiled = runs.at(-1)?.cpu;
    if (profiled) lines.push(`main thread until the QR, last run, by script: ${profiled}`);
    lines.push(`median ${seconds(median(painted))}, worst ${seconds(worst)}; load average before ${loadBefore}, after ${load()} (${cpus().length} cores)`);
    return {
      rows: [{ what: `exit pass offline cold start, ${CPU_THROTTLE}× CPU (median of ${RUNS})`, budget: `QR visible ≤ ${seconds(EXIT_PASS_BUDGET_MS)}`, measured: `${seconds(median(painted))} (worst ${seconds(worst)})`, ok: median(painted) <= EXIT_PASS_BUDGET_MS }],
      lines,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
