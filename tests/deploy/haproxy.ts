/**
 * HAProxy for `npm run test:deploy`: the repo's deploy/haproxy.cfg, started in the foreground
 * with this run's addresses in the environment, and its admin socket — the same commands an
 * operator sends with `socat` (docs/operations.md, "Production").
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy/haproxy.cfg');
export const BACKEND = 'parkfair';

export type HaproxyEnv = { httpsBind: string; httpBind: string; tlsCert: string; app1: string; app2: string; socket: string };
export type Haproxy = { child: ChildProcess; log: string[]; command(line: string): Promise<string>; stop(): Promise<void> };

/** Debian installs it in /usr/sbin, which a non-root PATH may lack. */
export function haproxyBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
  throw new Error('haproxy is not installed (apt-get install -y haproxy)');
}

export async function startHaproxy(settings: HaproxyEnv): Promise<Haproxy> {
  const env = {
    ...process.env,
    PARKFAIR_HTTPS_BIND: settings.httpsBind,
    PARKFAIR_HTTP_BIND: settings.httpBind,
    PARKFAIR_TLS_CERT: settings.tlsCert,
    PARKFAIR_APP1: settings.app1,
    PARKFAIR_APP2: settings.app2,
    PARKFAIR_HAPROXY_SOCKET: settings.socket,
  };
  // -db: stay in the foreground, logs on stdout.
  const child = spawn(haproxyBinary(), ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const command = (line: string) => adminCommand(settings.socket, line);
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${log.join('')}`);
    if (existsSync(settings.socket) && (await command('show info').catch(() => ''))) break;
    if (waited > 10_000) throw new Error(`haproxy did not open its admin socket in 10 s:\n${log.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    log,
    command,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One command on the admin socket (`stats socket … level admin`); resolves to its answer. */
export function adminCommand(socket: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = net.createConnection(socket, () => connection.end(`${line}\n`));
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('error', reject);
    connection.on('close', () => resolve(answer));
  });
}

export type ServerStat = { name: string; status: string; current: number; total: number };

/** The backend's servers from `show stat`: status (UP, DOWN, DRAIN, MAINT, …) and sessions now/total. */
export async function serverStats(haproxy: Pick<Haproxy, 'command'>): Promise<ServerStat[]> {
  const [header = '', ...rows] = (await haproxy.command('show stat')).split('\n').filter((line) => line.trim() !== '');
  const columns = header.replace(/^# /, '').split(',');
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  return rows
    .map((line) => line.split(','))
    .filter((row) => at(row, 'pxname') === BACKEND && !['BACKEND', 'FRONTEND'].includes(at(row, 'svname')))
    .map((row) => ({ name: at(row, 'svname'), status: at(row, 'status'), current: Number(at(row, 'scur')), total: Number(at(row, 'stot')) }));
}

export async function waitForServer(haproxy: Pick<Haproxy, 'command'>, name: string, what: string, test: (stat: ServerStat) => boolean, timeoutMs = 30_000): Promise<ServerStat> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stat = (await serverStats(haproxy)).find((candidate) => candidate.name === name);
    if (stat && test(stat)) return stat;
    if (Date.now() > deadline) throw new Error(`haproxy: ${name} not ${what} after ${timeoutMs / 1000} s (${JSON.stringify(stat)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
