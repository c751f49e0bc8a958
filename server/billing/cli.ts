/**
 * `npm run billing -- --date 2026-12-01`: runs the billing cycle for the New York month holding
 * that day (default: today), on the configured database (DATA_DIR's PGlite, or DATABASE_URL), and
 * prints what it did. Safe beside running servers on PostgreSQL and safe to repeat: a month already
 * charged is left alone (billing-cycle.ts). PGlite belongs to one process: stop `npm start` first.
 */
import os from 'node:os';
import { Temporal } from 'temporal-polyfill';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { createPaymentProvider } from '../payments/create-provider.ts';
import { createBillingCycle, newYorkToday } from './billing-cycle.ts';

function parseDate(argv: readonly string[], now: Date): Temporal.PlainDate {
  const index = argv.indexOf('--date');
  if (index === -1) return newYorkToday(now);
  const text = argv[index + 1] ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new Error(`--date must be YYYY-MM-DD, not "${text}"`);
  return Temporal.PlainDate.from(text, { overflow: 'reject' });
}

async function main() {
  const config = parseConfig();
  const day = parseDate(process.argv.slice(2), new Date());
  const { db, where } = await openDatabase(config);
  try {
    const deps = { db, config, verifyToken: () => Promise.reject(new Error('the billing run verifies no tokens')), now: () => new Date() };
    const { provider, refusal } = createPaymentProvider(deps);
    if (!provider) throw new Error(refusal);
    const cycle = createBillingCycle({ db, now: deps.now, provider, worker: `cli:${os.hostname()}:${process.pid}` });
    const report = await cycle.runForMonth(day);
    console.log(`[billing] ${where}: month ${report.month}: ${report.paid} paid, ${report.declined} declined, ${report.noCard} without a card, ${report.suspended} suspended, ${report.left} left for a later run`);
    console.log(JSON.stringify(report));
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`[billing] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
