/**
 * Starts the Firebase Auth emulator (firebase-tools, no login, nothing downloaded) and waits
 * until it answers. `npm start` uses the usual 127.0.0.1:9099 (and shares one already there);
 * the API and end-to-end test runners and the benches start their own on free ports
 * (`startOwnAuthEmulator`): a shared one belongs to whoever started it and may stop mid-run.
 * Sign-in codes sent to phones are printed so a developer can sign in from the log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../testing/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningEmulator = { child: ChildProcess | undefined; host: string; stop: () => Promise<void> };

export async function startAuthEmulator({ projectId }: { projectId: string }): Promise<RunningEmulator> {
  const host = '127.0.0.1:9099';
  if (await isAnswering(host)) {
    // Another process (a second `npm start`) already runs it: share it.
    console.log(`[auth-emulator] reusing the Auth emulator already on http://${host}`);
    return { child: undefined, host, stop: async () => {} };
  }
  return spawnEmulator(projectId, host, path.join(ROOT, 'server/auth/firebase.json'));
}

/**
 * An emulator of the caller's own, on free ports (auth, hub and logging: two at once must not
 * meet on any), with a temporary config naming them; `stop` removes the config too.
 */
export async function startOwnAuthEmulator({ projectId }: { projectId: string }): Promise<RunningEmulator> {
  const [port, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const workDir = await mkdtemp(path.join(tmpdir(), 'pf-auth-emulator-'));
  const configFile = path.join(workDir, 'firebase.json');
  const loopback = (portNumber: number) => ({ host: '127.0.0.1', port: portNumber });
  await writeFile(configFile, JSON.stringify({ emulators: { auth: loopback(port), hub: loopback(hubPort), logging: loopback(loggingPort), ui: { enabled: false }, singleProjectMode: true } }));
  const emulator = await spawnEmulator(projectId, `127.0.0.1:${port}`, configFile, workDir);
  return {
    ...emulator,
    stop: async () => {
      await emulator.stop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

async function spawnEmulator(projectId: string, host: string, configFile: string, cwd = ROOT): Promise<RunningEmulator> {
  const firebaseBin = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [firebaseBin, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    for (const line of chunk.toString().split('\n')) {
      if (/verification code|sms code/i.test(line)) console.log(`[auth-emulator] ${line.trim()}`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 120_000;
  while (!(await isAnswering(host))) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The Auth emulator did not start within 120 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(`[auth-emulator] Firebase Auth emulator on http://${host} (project ${projectId})`);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { child, host, stop };
}

async function isAnswering(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.status < 500;
  } catch {
    return false;
  }
}
