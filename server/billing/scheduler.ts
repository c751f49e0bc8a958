/**
 * The billing cycle inside the server: once an hour (and shortly after start) each process bills
 * the current New York month. Running it in every process is safe and intended (no leader to
 * elect, nothing to lose when a process dies): the claim rows make each contract's month charged
 * once (billing-cycle.ts), and a run finds no work once the month is settled. The first run of a
 * month happens within the hour after midnight on the 1st, New York time; a server that was down
 * on the 1st bills the month when it comes back.
 */
import os from 'node:os';
import type { Deps } from '../deps.ts';
import { log } from '../lib/logger.ts';
import { runAsJob } from '../lib/request-context.ts';
import { createPaymentProvider } from '../payments/create-provider.ts';
import { createBillingCycle } from './billing-cycle.ts';

export const BILLING_INTERVAL_MS = 60 * 60_000;
const FIRST_RUN_AFTER_MS = 30_000;

export function startBillingSchedule(deps: Deps): { stop: () => void } {
  const { provider, refusal } = createPaymentProvider(deps);
  if (!provider) {
    log.error(`[billing] not scheduled: ${refusal}`);
    return { stop: () => {} };
  }
  const cycle = createBillingCycle({ db: deps.db, now: deps.now, provider, worker: `${os.hostname()}:${process.pid}` });
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const report = await cycle.runToday();
      if (report.paid + report.declined + report.noCard + report.suspended + report.left > 0) log.info({ report }, '[billing] run done');
    } catch (error: unknown) {
      log.error(`[billing] run failed, next in an hour: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void runAsJob('billing', tick), FIRST_RUN_AFTER_MS); // a job id on each run's lines
  const hourly = setInterval(() => void runAsJob('billing', tick), BILLING_INTERVAL_MS);
  first.unref();
  hourly.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(hourly);
    },
  };
}
