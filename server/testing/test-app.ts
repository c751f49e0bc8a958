/**
 * The API as the tests use it: the real app on a private copy of the seeded database, driven
 * through `app.request()` (no network). Tokens are verified by `verifyToken`, which defaults to
 * refusing everything; suites that sign in pass the emulator-backed verifier from auth-emulator.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { TokenVerifier } from '../lib/auth.ts';
import { TEST_NOW } from './test-clock.ts';
import { openTestDatabase } from './test-db.ts';

export type TestApp = {
  app: ReturnType<typeof createApp>;
  db: Db;
  clock: { now: Date };
  request: (path: string, init?: RequestInit & { json?: unknown; token?: string }) => Promise<Response>;
  close: () => Promise<void>;
};

const refuseAllTokens: TokenVerifier = async () => {
  throw new Error('no token verifier in this test');
};

export async function createTestApp(options: { verifyToken?: TokenVerifier; env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const db = await openTestDatabase();
  const clock = { now: new Date(TEST_NOW) };
  // A private DATA_DIR so test mail (the outbox) never lands in the developer's .data/.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parkfair-api-test-'));
  // TRUST_PROXY=1: app.request() has no socket, so suites name their client in X-Forwarded-For as
  // one proxy in front of us would (the rightmost entry).
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TRUST_PROXY: '1', FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099', ...options.env });
  const app = createApp({ db, config, verifyToken: options.verifyToken ?? refuseAllTokens, now: () => new Date(clock.now) });
  const request: TestApp['request'] = (path, init = {}) => {
    const { json, token, headers, ...rest } = init;
    const allHeaders = new Headers(headers);
    if (json !== undefined) allHeaders.set('Content-Type', 'application/json');
    if (token) allHeaders.set('Authorization', `Bearer ${token}`);
    // As @hono/node-server would pass it for a caller on this machine (the dev outbox checks it).
    const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    return Promise.resolve(app.request(path, { ...rest, headers: allHeaders, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }, env));
  };
  const close = async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { app, db, clock, request, close };
}
