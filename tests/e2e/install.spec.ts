import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from '../support/e2e-env.ts';

test('Chromium finds the app installable', async () => {
  // Playwright's ordinary contexts are incognito, where Chromium never offers an install
  // ("in-incognito"): use a real profile in a throwaway directory instead.
  const profileDir = await mkdtemp(path.join(tmpdir(), 'pf-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL: E2E_BASE_URL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    const cdp = await context.newCDPSession(page);
    // The check needs the manifest and its icons fetched: poll until Chromium has looked.
    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        return installabilityErrors;
      }, { timeout: 15_000 })
      .toEqual([]);
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});

test('the manifest declares what an install needs', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'ParkFair', display: 'standalone', start_url: expect.any(String) });
  const icons = manifest['icons'] as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  const files = [
    ...icons.map((icon) => icon.src),
    ...(manifest['screenshots'] as Array<{ src: string }>).map((shot) => shot.src),
    ...(manifest['shortcuts'] as Array<{ icons: Array<{ src: string }> }>).flatMap((shortcut) => shortcut.icons.map((icon) => icon.src)),
    '/favicon.ico',
    '/icons/icon.svg',
    '/icons/apple-touch-icon.png',
    '/robots.txt',
  ];
  for (const file of files) {
    const asset = await request.get(file);
    expect(asset.status(), file).toBe(200);
  }
});
