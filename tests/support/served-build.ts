/**
 * Builds as the tests handle them: another release made from one build (`restampBuild`), and a
 * release swapped into the folder a running server serves (`deployBuild`).
 */
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The same code built with another APP_BUILD_ID, without a second vite build: the build id is
 * used only by the service worker (sw/messages.ts), so such a build differs from the first only in
 * sw.js, by that string (its hashed assets are the same files) — the new release is the first
 * one's files with sw.js stamped again. Used by the rolling deploy and the update-banner specs.
 */
export async function restampBuild(fromDir: string, toDir: string, fromId: string, toId: string): Promise<void> {
  // Exactly the first build's files: nothing left over from an earlier release in that folder.
  await rm(toDir, { recursive: true, force: true });
  await cp(fromDir, toDir, { recursive: true });
  const sw = await readFile(path.join(fromDir, 'sw.js'), 'utf8');
  if (!sw.includes(`buildId:\`${fromId}\``)) throw new Error(`sw.js does not carry the build id ${fromId}`);
  await writeFile(path.join(toDir, 'sw.js'), sw.replaceAll(fromId, toId));
}

/**
 * Swaps which build the running test server serves (it reads dist/ on every request), the way
 * a deploy does: new hashed assets first, then everything else, the service worker script last,
 * so a browser that sees the new sw.js can already fetch everything it precaches.
 */
export async function deployBuild(fromDir: string, toDir: string): Promise<void> {
  await cp(path.join(fromDir, 'assets'), path.join(toDir, 'assets'), { recursive: true, force: true });
  const entries = await readdir(fromDir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name === 'assets' || entry.name === 'sw.js') continue;
    await cp(path.join(fromDir, entry.name), path.join(toDir, entry.name), { recursive: true, force: true });
  }
  await cp(path.join(fromDir, 'sw.js'), path.join(toDir, 'sw.js'), { force: true });
}
