/**
 * `npm start`: build the PWA (unless --no-build), start the Firebase Auth emulator (unless
 * FIREBASE_AUTH_EMULATOR_HOST already points at one), then the server; Ctrl-C stops all of it.
 * `npm run dev` does the same without building and runs Vite's dev server beside the API.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig, unsafeStartReason } from '../config.ts';
import { StartupError } from '../db/startup-errors.ts';
import { startServer } from '../main.ts';
import { startAuthEmulator } from './auth-emulator.ts';
import { ensureDemoDrivers } from './demo-users.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = new Set(process.argv.slice(2));
const isDev = args.has('--dev');
const children: ChildProcess[] = [];

function run(command: string, commandArgs: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(' ')} exited with ${code}`))));
  });
}

/** One clear line and exit 1, before building or starting anything, when the configuration is unsafe to serve. */
function refuseUnsafeStart(env: NodeJS.ProcessEnv) {
  const reason = unsafeStartReason(parseConfig(env));
  if (!reason) return;
  console.error(`[start] ${reason}`);
  process.exit(1);
}

async function main() {
  const willStartEmulator = !process.env['FIREBASE_AUTH_EMULATOR_HOST'] && !args.has('--no-emulator');
  refuseUnsafeStart(willStartEmulator ? { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' } : process.env);
  if (!isDev && !args.has('--no-build')) {
    console.log('[start] building the PWA…');
    await run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
  }
  if (willStartEmulator) {
    const emulator = await startAuthEmulator({ projectId: process.env['FIREBASE_PROJECT_ID'] ?? 'demo-parkfair' });
    if (emulator.child) children.push(emulator.child);
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = emulator.host;
    await ensureDemoDrivers(emulator.host, process.env['FIREBASE_PROJECT_ID'] ?? 'demo-parkfair');
  }
  const { stop } = await startServer(parseConfig());
  if (isDev) {
    children.push(spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js')], { cwd: ROOT, stdio: 'inherit' }));
  }
  const shutdown = async () => {
    console.log('\n[start] stopping…');
    for (const child of children) child.kill('SIGINT');
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  // A cause the operator can fix (full disk, locked DATA_DIR, wrong DATABASE_URL) is one line saying what to do.
  if (error instanceof StartupError) console.error(`[start] ${error.message}`);
  else console.error('[start] failed:', error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
