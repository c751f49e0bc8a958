/**
 * Starts the Firebase Auth emulator (firebase-tools, no login, nothing downloaded) and waits
 * until it answers. Used by `npm start` and by the API and end-to-end test runners.
 * Sign-in codes sent to phones are printed so a developer can sign in from the log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningEmulator = { child: ChildProcess | undefined; host: string; stop: () => Promise<void> };

export async function startAuthEmulator({ projectId, port = 9099 }: { projectId: string; port?: number }): Promise<RunningEmulator> {
  const host = `127.0.0.1:${port}`;
  if (await isAnswering(host)) {
    // Another process (a second `npm start`, a test runner) already runs it: share it.
    console.log(`[auth-emulator] reusing the Auth emulator already on http://${host}`);
    return { child: undefined, host, stop: async () => {} };
  }
  const firebaseBin = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [firebaseBin, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', path.join(ROOT, 'server/auth/firebase.json')], {
    cwd: ROOT,
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
  const deadline = Date.now() + 60_000;
  while (!(await isAnswering(host))) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The Auth emulator did not start within 60 s:\n${output}`);
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
