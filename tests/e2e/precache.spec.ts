import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DIST_DIR } from '../support/e2e-env.ts';

// The lot flows must open with no signal, so their lazy route chunks must be in the precache
// manifest the build injected into sw.js (not only fetched when first visited). Chunks are named
// by their hash alone (vite.config.ts), so the test asks for every script and stylesheet the
// build wrote: the lot's route chunks among them.
test('the built precache manifest holds the shell and every script and stylesheet of the build', async () => {
  const worker = await readFile(path.join(E2E_DIST_DIR, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"?url"?:"([^"]+)"/g)].map((match) => match[1]);
  expect(urls).toContain('index.html');
  expect(urls).toContain('manifest.webmanifest');
  const assets = (await readdir(path.join(E2E_DIST_DIR, 'assets'))).filter((file) => /\.(m?js|css)$/.test(file)).map((file) => `assets/${file}`);
  expect(assets.length).toBeGreaterThan(50);
  expect(assets.filter((file) => !urls.includes(file)), 'build files missing from the precache').toEqual([]);
  expect(urls.some((url) => url?.startsWith('screenshots/'))).toBe(false);
  // Each URL once: a second entry costs nothing offline but is stored and checked twice.
  const repeated = urls.filter((url, index) => urls.indexOf(url) !== index);
  expect(repeated, 'precache URLs listed more than once').toEqual([]);
  expect(urls).toContain('favicon.ico');
  expect(urls).toContain('icons/icon-192.png');
});
