/**
 * What a bench with a signed-in driver needs (exit-pass.ts, lighthouse.ts): a production build
 * that talks to the bench's own Auth emulator (startOwnAuthEmulator: free ports), the real server with
 * the demo drivers (server/cli/demo-users.ts) and a phone sign-in through the app's own form.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { ensureDemoDrivers } from '../../server/cli/demo-users.ts';
export { startOwnAuthEmulator } from '../../server/cli/auth-emulator.ts';
import { freePort } from '../../server/testing/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Seeded (server/parking-system/seed.ts, server/cli/demo-users.ts): Dana's car on lot 1. */
export const DRIVER = { phone: '+12125550101', email: 'dana.driver@example.com', firstName: 'Dana', lastName: 'Driver', plate: 'DEMO123', ticketNumber: 'PF7K2QX' };

export async function buildApp(outDir: string, emulatorHost: string): Promise<void> {
  // The client talks to the bench's emulator (src/lib/firebase.ts reads this at build time).
  const before = process.env['VITE_FIREBASE_AUTH_EMULATOR_URL'];
  process.env['VITE_FIREBASE_AUTH_EMULATOR_URL'] = `http://${emulatorHost}`;
  try {
    await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env['VITE_FIREBASE_AUTH_EMULATOR_URL'];
    else process.env['VITE_FIREBASE_AUTH_EMULATOR_URL'] = before;
  }
}

/** The real server as `npm start --no-build` runs it, on the bench's emulator (demo drivers created). */
export async function startServer(distDir: string, dataDir: string, emulatorHost: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
  delete env['DATABASE_URL'];
  // Vite's build() set NODE_ENV=production in this process, and a server on the Auth emulator
  // refuses to start in production (server/config.ts unsafeStartReason).
  delete env['NODE_ENV'];
  await ensureDemoDrivers(emulatorHost, 'demo-parkfair');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/cli/start.ts'), '--no-build'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp('the server', child, `${baseUrl}/healthz`);
  if (process.env['BENCH_SERVER_LOG']) for (const stream of [child.stdout, child.stderr]) stream?.pipe(process.stderr); // the server's own log, for debugging a bench
  return { baseUrl, stop: () => stopChild(child, 'SIGINT') };
}

async function waitUntilUp(what: string, child: ChildProcess, url: string): Promise<void> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before it was ready:\n${output}`);
    const isUp = await fetch(url, { signal: AbortSignal.timeout(1000) }).then((response) => response.status < 500, () => false);
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopChild(child, 'SIGKILL');
  throw new Error(`${what} did not answer ${url} within 120 s:\n${output}`);
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function smsCodes(emulatorHost: string, phone: string): Promise<string[]> {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/demo-parkfair/verificationCodes`);
  const body = (await response.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  return body.verificationCodes.filter((entry) => entry.phoneNumber === phone).map((entry) => entry.code);
}

export async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Phone sign-in through the app's own form; answers whichever steps the account still needs. */
export async function signInAsDriver(page: Page, emulatorHost: string): Promise<void> {
  const main = page.locator('main');
  await page.getByLabel('Mobile Phone Number *').fill(DRIVER.phone.slice(2));
  const codesBefore = (await smsCodes(emulatorHost, DRIVER.phone)).length;
  await main.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel('Verification Code *');
  const email = page.getByLabel('Email Address *');
  const firstName = page.getByLabel('First Name *');
  // A known phone goes straight to the code; otherwise the form asks for the email and/or names.
  for (let step = 0; step < 4 && !(await code.isVisible()); step++) {
    await code.or(email).or(firstName).first().waitFor({ timeout: 30_000 });
    const next = main.getByRole('button', { name: 'Continue' });
    if (await code.isVisible()) break;
    if (await email.isVisible()) await email.fill(DRIVER.email);
    else if (await firstName.isVisible()) {
      await firstName.fill(DRIVER.firstName);
      await page.getByLabel('Last Name *').fill(DRIVER.lastName);
    }
    await next.click({ timeout: 5000 }).catch(() => undefined);
  }
  await code.waitFor({ timeout: 30_000 });
  const codes = await waitFor('the SMS code', async () => {
    const all = await smsCodes(emulatorHost, DRIVER.phone);
    return all.length > codesBefore ? all : undefined;
  });
  await code.fill(codes.at(-1) ?? '');
  await page.locator('form').getByRole('button', { name: /Verify|Continue/ }).click();
}
