/**
 * Swaps which build the running test server serves (it reads dist/ on every request), the way
 * a deploy does: new hashed assets first, then everything else, the service worker script last,
 * so a browser that sees the new sw.js can already fetch everything it precaches.
 */
import { cp, readdir } from 'node:fs/promises';
import path from 'node:path';

export async function deployBuild(fromDir: string, toDir: string): Promise<void> {
  await cp(path.join(fromDir, 'assets'), path.join(toDir, 'assets'), { recursive: true, force: true });
  const entries = await readdir(fromDir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name === 'assets' || entry.name === 'sw.js') continue;
    await cp(path.join(fromDir, entry.name), path.join(toDir, entry.name), { recursive: true, force: true });
  }
  await cp(path.join(fromDir, 'sw.js'), path.join(toDir, 'sw.js'), { force: true });
}
