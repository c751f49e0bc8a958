/**
 * Ticket QR codes through the real camera path (issue 15 item 3): Chromium's fake camera shows a
 * clean code on a 640×480 frame; /retrieve-car/scan must route to the ticket. The codes cover the
 * budget's kinds: 23-digit and 6–7-character ticket numbers, bare and in URLs (ours and a foreign
 * host: spec 3 §2 takes the text after the last slash whatever the host), 120–400 px, turned up
 * to 30°. One browser for all of them: Chromium reads the camera file again each time a page
 * opens the camera, so each code is a new file and a fresh visit. Any code not routed fails the
 * test; the time from opening the page (page load, decoder chunk, camera start included) to the
 * route is printed (the ≤ 1 s budget is judged on those figures with the machine's load, not
 * asserted: DESIGN.md).
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { fitsFrame, writeQrCamera, type FrameSize } from '../fixtures/qr/qr-frames.ts';
import { expect, prepareDriverContext, test } from '../support/driver-browser.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL, REPO_ROOT } from '../support/e2e-env.ts';

const CAMERA_DIR = path.join(REPO_ROOT, '.tmp/e2e/qr-camera');
const CAMERA = path.join(CAMERA_DIR, `camera-${process.pid}.y4m`);

type Code = { text: string; ticket: string; side: number; angle: number; frame?: FrameSize };
const LONG = ['10442611230001004821001', '12345678901234567890123', '20012611230003002024003', '99999999999999999999999'];
const SHORT = ['R4T9WX', 'PF7K2QX', 'HJ3M7P', 'A1B2C3D'];
const FORMS = [(n: string) => n, (n: string) => `https://parkfair.example/app/${n}`, (n: string) => `https://tickets.example/t/${n}`];
const SIDES = [120, 160, 200, 260, 330, 400];
const ANGLES = [0, 30, 12, 22, 5, 17];

/** 24 codes: every ticket number in every form, sizes and angles spread across the budget's range. */
const CODES: Code[] = [...LONG, ...SHORT].flatMap((ticket, t) =>
  FORMS.map((form, f) => {
    const side = SIDES[(t + f * 2) % SIDES.length] ?? 200;
    const wanted = ANGLES[(t * 3 + f) % ANGLES.length] ?? 0;
    const angle = [wanted, 22, 12, 5, 0].find((a) => fitsFrame(side, a)) ?? 0;
    return { text: form(ticket), ticket, side, angle };
  }),
);

/**
 * A phone camera's larger frame (1280×960) with a small, distant code: scaled down to 640 px the
 * code has under 2 px a module; the scanner's centre view reads it at full resolution.
 */
const LARGE_FRAME: FrameSize = { width: 1280, height: 960 };
const DISTANT: Code[] = [
  { text: 'https://tickets.example/t/12345678901234567890123', ticket: '12345678901234567890123', side: 100, angle: 10, frame: LARGE_FRAME },
  { text: '12345678901234567890123', ticket: '12345678901234567890123', side: 80, angle: 20, frame: LARGE_FRAME },
  { text: 'https://parkfair.example/app/PF7K2QX', ticket: 'PF7K2QX', side: 100, angle: 15, frame: LARGE_FRAME },
];

let browser: Browser;
let page: Page;

test.beforeAll(async () => {
  mkdirSync(CAMERA_DIR, { recursive: true });
  await writeQrCamera(CAMERA, 'warm-up', 200, 0);
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${CAMERA}`],
  });
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, permissions: ['camera'] });
  await prepareDriverContext(context);
  page = await context.newPage();
  // When the camera's picture first plays and when the scanner routes (the app navigates with
  // history.pushState/replaceState), on the page's own clock: the scanner's part of the time.
  await page.addInitScript(() => {
    const marks = { playingAt: 0, routedAt: 0 };
    Object.assign(window, { __qrMarks: marks });
    document.addEventListener('playing', () => (marks.playingAt ||= performance.now()), true);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        if (!marks.routedAt && /\/retrieve-car\/(?!scan)/.test(location.pathname)) marks.routedAt = performance.now();
      };
    }
  });
});

test.afterAll(async () => {
  await browser?.close();
});

test(`every clean ticket QR (${CODES.length + DISTANT.length} codes) routes from /retrieve-car/scan`, async () => {
  test.setTimeout((CODES.length + DISTANT.length) * 12_000);
  const timings: string[] = [];
  const misses: string[] = [];
  for (const code of [...CODES, ...DISTANT]) {
    await writeQrCamera(CAMERA, code.text, code.side, code.angle, code.frame);
    const started = Date.now();
    await page.goto('/retrieve-car/scan');
    const routed = await page.waitForURL(new RegExp(`/retrieve-car/${code.ticket}$`), { timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    const label = `${code.text} at ${code.side} px, ${code.angle}°${code.frame ? ` on ${code.frame.width}×${code.frame.height}` : ''}`;
    const marks = await page.evaluate(() => (window as unknown as { __qrMarks: { playingAt: number; routedAt: number } }).__qrMarks);
    const fromPicture = marks.playingAt && marks.routedAt ? `${Math.round(marks.routedAt - marks.playingAt)} ms` : 'n/a';
    if (routed) timings.push(`${Date.now() - started} ms  (picture → routed ${fromPicture})  ${label}`);
    else misses.push(label);
  }
  console.log(`[qr-camera] load ${loadavg().map((l) => l.toFixed(1)).join(' ')}; page opened → routed (camera picture playing → routed):\n  ${timings.join('\n  ')}`);
  expect(misses, 'codes the camera never routed').toEqual([]);
});
