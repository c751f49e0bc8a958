/**
 * `npm run bench:map -- [deviceScaleFactor] [runs]`: the whole machine's CPU time (from
 * /proc/stat) while a phone opens the search at Penn Station, taps Map, waits for the first price
 * pin and then 4 s, against the server already running on http://127.0.0.1:8080 (`npm start`).
 * Each run is a fresh browser context of Debian's Chromium with the end-to-end flags; the median is
 * printed with the load average. Decision 0123 (the map's canvas at no more than 2×) was measured
 * with it at a deviceScaleFactor of 3.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, devices } from '@playwright/test';
import { prepareDriverContext } from '../support/driver-browser.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/e2e-env.ts';

const BASE_URL = process.env['BENCH_BASE_URL'] ?? 'http://127.0.0.1:8080';
const SEARCH = '/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400';

/** CPU seconds the whole machine has spent busy since boot. */
function machineBusySeconds(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields;
  return (user + nice + system + irq + softirq) / 100;
}

async function main(): Promise<void> {
  const deviceScaleFactor = Number(process.argv[2] ?? 3);
  const runs = Number(process.argv[3] ?? 4);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const seconds: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 412, height: 915 }, deviceScaleFactor, baseURL: BASE_URL });
      await prepareDriverContext(context);
      const page = await context.newPage();
      const before = machineBusySeconds();
      await page.goto(SEARCH);
      await page.locator('.result-tile:not(.result-tile--skeleton)').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await page.locator('.search-map__pin').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(4_000);
      seconds.push(machineBusySeconds() - before);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  console.log(`map open at ${deviceScaleFactor}×: machine CPU ${sorted.map((value) => value.toFixed(1)).join(' / ')} s, median ${median.toFixed(2)} s; load average after ${loadavg().map((value) => value.toFixed(2)).join(' / ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
