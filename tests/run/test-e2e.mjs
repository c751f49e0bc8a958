/**
 * `npm run test:e2e`: makes sure Debian's Chromium (and ffmpeg, for the fake camera) are there,
 * starts a Firebase Auth emulator of its own on free ports (with the demo drivers), builds the
 * app against it — the release under test — and makes of that build a "next" release with
 * another APP_BUILD_ID for the update-banner test (`restampBuild`: only sw.js differs, as it
 * would after a second build), then runs Playwright (tests/playwright.config.ts),
 * which starts the real server on a free port, a fresh data directory and that emulator.
 * Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- tests/e2e/offline.spec.ts`).
 * `E2E_BUILD_DIR` (default `.tmp/e2e`) lets two runs on one checkout build into separate folders.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ensureDebianPackages, findFreePort, formatDuration, hasCommand, REPO_ROOT, resultsFile, runNodeBin } from './lib.mjs';

const buildRoot = path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR ?? '.tmp/e2e');
const distDir = path.join(buildRoot, 'dist');
const nextDistDir = path.join(buildRoot, 'dist-next');
const buildId = `e2e-${new Date().toISOString()}`;

const FIREBASE_PROJECT_ID = 'demo-parkfair';

async function build(outDir, appBuildId, emulatorHost) {
  const startedAt = Date.now();
  // The client talks to this run's emulator (src/lib/firebase.ts reads it at build time).
  const env = { APP_BUILD_ID: appBuildId, VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${emulatorHost}` };
  const code = await runNodeBin('vite/bin/vite.js', ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { env });
  if (code !== 0) throw new Error(`vite build (${appBuildId}) failed with exit ${code}`);
  console.log(`[e2e] built ${path.relative(REPO_ROOT, outDir)} (${appBuildId}) in ${formatDuration(Date.now() - startedAt)}`);
}

async function main() {
  await ensureDebianPackages({ chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ffmpeg: () => hasCommand('ffmpeg') });
  const { startOwnAuthEmulator } = await tsImport('../../server/cli/auth-emulator.ts', import.meta.url);
  const { ensureDemoDrivers } = await tsImport('../../server/cli/demo-users.ts', import.meta.url);
  const { restampBuild } = await tsImport('../support/served-build.ts', import.meta.url);
  const emulator = await startOwnAuthEmulator({ projectId: FIREBASE_PROJECT_ID });
  try {
    await ensureDemoDrivers(emulator.host, FIREBASE_PROJECT_ID);
    await build(distDir, buildId, emulator.host);
    await restampBuild(distDir, nextDistDir, buildId, `${buildId}-next`);
    return await runPlaywright(emulator.host);
  } finally {
    await emulator.stop();
  }
}

async function runPlaywright(emulatorHost) {
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await findFreePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pf-e2e-data-'));
  const jsonReport = await resultsFile('e2e');
  console.log(`[e2e] server on http://127.0.0.1:${port}, data in ${dataDir}`);
  try {
    return await runNodeBin('@playwright/test/cli.js', ['test', '-c', 'tests/playwright.config.ts', ...process.argv.slice(2)], {
      env: {
        E2E_PORT: String(port),
        E2E_DIST_DIR: distDir,
        E2E_NEXT_DIST_DIR: nextDistDir,
        E2E_DATA_DIR: dataDir,
        // The server (start.ts then starts no emulator of its own) and the specs' helpers use it.
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        FIREBASE_PROJECT_ID,
        ...(jsonReport ? { E2E_JSON_REPORT: jsonReport } : {}),
      },
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('[e2e] failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
