import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DIST_DIR } from '../support/e2e-env.ts';

// The lot flows must open with no signal, so their lazy route chunks must be in the precache
// manifest the build injected into sw.js (not only fetched when first visited).
const GARAGE_ROUTE_CHUNKS = [/assets\/parkandpay\.welcome-[\w-]+\.js/, /assets\/parkandpay\.digital-tickets-[\w-]+\.js/, /assets\/leavefast\.scan-[\w-]+\.js/];

test('the built precache manifest holds the shell and the garage route chunks', async () => {
  const worker = await readFile(path.join(E2E_DIST_DIR, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"?url"?:"([^"]+)"/g)].map((match) => match[1]);
  expect(urls).toContain('index.html');
  expect(urls).toContain('manifest.webmanifest');
  for (const chunk of GARAGE_ROUTE_CHUNKS) expect(urls.some((url) => url !== undefined && chunk.test(url)), String(chunk)).toBe(true);
  expect(urls.some((url) => url?.startsWith('screenshots/'))).toBe(false);
  // Each URL once: a second entry costs nothing offline but is stored and checked twice.
  const repeated = urls.filter((url, index) => urls.indexOf(url) !== index);
  expect(repeated, 'precache URLs listed more than once').toEqual([]);
  expect(urls).toContain('favicon.ico');
  expect(urls).toContain('icons/icon-192.png');
});
