/**
 * The README's two pictures (docs/images/): the exit pass on a 412 px phone, as Dana sees it in
 * her park-and-pay session, and a search near Penn Station on a desktop. Run it again when
 * either screen changes:
 *   node --import tsx tests/support/take-readme-screenshots.ts
 * It builds the app against an Auth emulator of its own, starts the real server on a fresh data
 * directory (seeded), signs Dana in through the app's form and takes the pictures in Chromium.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { buildApp, DRIVER, signInAsDriver, startOwnAuthEmulator, startServer } from '../bench/signed-in-driver.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e-env.ts';

const IMAGES_DIR = path.resolve(import.meta.dirname, '../../docs/images');
const SEARCH_PATH = '/search/results?q=Penn-Station&lat=40.750500&lng=-73.993400';

async function savePng(file: string, screenshot: Buffer): Promise<void> {
  // Palette PNG: a flat UI loses nothing visible and the file is a third of the size.
  await writeFile(path.join(IMAGES_DIR, file), await sharp(screenshot).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer());
  console.log(`wrote docs/images/${file}`);
}

// Inside the repository: the server-rendering bundle resolves its packages from node_modules.
await mkdir(path.resolve(import.meta.dirname, '../../.tmp'), { recursive: true });
const workDir = await mkdtemp(path.resolve(import.meta.dirname, '../../.tmp/readme-shots-'));
const emulator = await startOwnAuthEmulator({ projectId: 'demo-parkfair' });
try {
  await mkdir(IMAGES_DIR, { recursive: true });
  await buildApp(path.join(workDir, 'dist'), emulator.host);
  const server = await startServer(path.join(workDir, 'dist'), path.join(workDir, 'data'), emulator.host);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const phone = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    await phone.addInitScript(() => window.localStorage.setItem('pf-cookie-accepted', 'true'));
    const page = await phone.newPage();
    await page.goto('/parkandpay/sign-in?redirect=%2Fparkandpay%2Fdigital-tickets');
    await signInAsDriver(page, emulator.host);
    await page.waitForURL(/\/parkandpay\/(digital-tickets|session)/, { timeout: 60_000 });
    await page.goto(`/parkandpay/session?licensePlate=${DRIVER.plate}&show=pass`);
    await page.getByRole('img', { name: /QR code/ }).waitFor({ timeout: 120_000 }).catch(async (error: unknown) => {
      // What the page showed instead, kept for whoever runs this (.tmp is not committed).
      const failedShot = path.resolve(import.meta.dirname, '../../.tmp/readme-shot-failed.png');
      await page.screenshot({ path: failedShot }).catch(() => undefined);
      console.error(`[screenshots] no exit pass at ${page.url()}; the page as it was: ${failedShot}`);
      throw error;
    });
    await page.evaluate(() => document.fonts.ready);
    await savePng('lot-phone.png', await page.screenshot());

    const desktop = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
    await desktop.addInitScript(() => window.localStorage.setItem('pf-cookie-accepted', 'true'));
    const search = await desktop.newPage();
    await search.goto(SEARCH_PATH, { waitUntil: 'networkidle' });
    await search.evaluate(() => document.fonts.ready);
    await savePng('search.png', await search.screenshot());
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await emulator.stop();
  await rm(workDir, { recursive: true, force: true });
}
