/**
 * Small tmpfs mounts for tests of a full or read-only disk (issue 37 item 9). Mounting needs root
 * (CAP_SYS_ADMIN); `canMountTmpfs` says whether this machine allows it, so such tests skip, saying
 * why, elsewhere. chmod cannot stand in: root writes through any file mode.
 */
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';

export const canMountTmpfs: boolean = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = spawnSync('sh', ['-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=1m tmpfs "$d" && umount "$d"; r=$?; rmdir "$d"; exit $r']);
  return probe.status === 0;
})();

/** Mounts a tmpfs with `options` (e.g. `size=1m`, `ro`) on `dir`, created if missing; resolves to its unmount. */
export async function mountTmpfs(dir: string, options: string): Promise<() => void> {
  await mkdir(dir, { recursive: true });
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  if (result.status !== 0) throw new Error(`mount -t tmpfs -o ${options} ${dir} failed: ${result.stderr.toString()}`);
  return () => void spawnSync('umount', ['-l', dir]);
}

export function remountReadOnly(dir: string): void {
  const result = spawnSync('mount', ['-o', 'remount,ro', dir]);
  if (result.status !== 0) throw new Error(`remount ro ${dir} failed: ${result.stderr.toString()}`);
}
