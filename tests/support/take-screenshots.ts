/**
 * Takes the web app manifest's store screenshots from the running app (Chromium), replacing the
 * placeholders drawn by draw-icons.ts:
 *   npm start   (or any running server), then
 *   node --import tsx tests/support/take-screenshots.ts [--base-url=http://127.0.0.1:8080]
 * narrow: 540 × 1170 (a 360 × 780 phone at 1.5×); wide: 1280 × 800; both the home page for now
 * (NARROW_PATH=/parkandpay/welcome once that screen is built; update its label in vite.config.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e-env.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const baseUrl = process.argv.find((arg) => arg.startsWith('--base-url='))?.slice('--base-url='.length) ?? 'http://127.0.0.1:8080';

const SHOTS = [
  { file: 'screenshots/narrow.png', path: process.env['NARROW_PATH'] ?? '/', viewport: { width: 360, height: 780 }, deviceScaleFactor: 1.5, isMobile: true },
  { file: 'screenshots/wide.png', path: '/', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false },
] as const;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: shot.viewport, deviceScaleFactor: shot.deviceScaleFactor, isMobile: shot.isMobile, serviceWorkers: 'block' });
    // A store screenshot shows the app, not the cookie notice a first visit gets.
    await context.addInitScript(() => window.localStorage.setItem('pf-cookie-accepted', 'true'));
    const page = await context.newPage();
    await page.goto(shot.path, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    // Palette PNG: a flat UI loses nothing visible and the install sheet downloads a third.
    const png = await sharp(await page.screenshot()).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();
    await writeFile(path.join(PUBLIC_DIR, shot.file), png);
    console.log(`wrote public/${shot.file} from ${baseUrl}${shot.path}`);
    await context.close();
  }
} finally {
  await browser.close();
}
