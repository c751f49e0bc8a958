/**
 * The README's install line works with nothing set (issue 13). These checks keep it so:
 * - `.ci/run` exports no variable the README does not tell a user about, so CI cannot again
 *   pass thanks to a setting the README's `npm install` silently needs;
 * - every dependency with an install script is reviewed in package.json `allowScripts`
 *   (`.npmrc` has `strict-allow-scripts`, so an unreviewed one would stop `npm install`);
 * - every locked package accepts the oldest Node.js that `engines.node` promises.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}
const packageJson = JSON.parse(read('package.json')) as { engines: { node: string }; allowScripts: Record<string, boolean> };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };
const lockedPackages = Object.entries(lock.packages).filter(([key]) => key !== '');

/**
 * The variables CI may set: `CI` (Playwright retries once and forbids `.only`; README) and
 * `DEBIAN_FRONTEND`, which only the script's own apt-get line reads.
 */
const CI_VARIABLES = new Set(['CI', 'DEBIAN_FRONTEND']);

/** Names a shell script assigns: `export A=…`, `A=… command`, `env A=… command`. */
export function assignedVariables(script: string): string[] {
  const names = new Set<string>();
  for (const rawLine of script.split('\n')) {
    const line = rawLine.replace(/#.*$/, '').trim();
    if (!line) continue;
    for (const match of line.matchAll(/(?:^|[\s;&|(]|\benv\s+|\bexport\s+)([A-Za-z_][A-Za-z0-9_]*)=/g)) {
      const name = match[1];
      if (name) names.add(name);
    }
  }
  return [...names];
}

function packageName(lockKey: string): string {
  return lockKey.slice(lockKey.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

describe('install contract', () => {
  it('finds the variables a script assigns (the check below can fail)', () => {
    expect(assignedVariables('set -e\nexport ONNXRUNTIME_NODE_INSTALL_CUDA=skip\nFOO=1 npm install\nenv BAR=2 npm test\nlocal x="$(a)"')).toEqual([
      'ONNXRUNTIME_NODE_INSTALL_CUDA',
      'FOO',
      'BAR',
      'x',
    ]);
  });

  it('.ci/run sets no variable the README does not name', () => {
    const script = read('.ci/run');
    // Shell-local variables (lower case, e.g. `log=…`) are the script's own, not the environment's.
    const exported = assignedVariables(script).filter((name) => name !== name.toLowerCase());
    expect(exported.filter((name) => !CI_VARIABLES.has(name))).toEqual([]);
  });

  it('every dependency with an install script is reviewed in allowScripts', () => {
    const withScripts = lockedPackages.filter(([, entry]) => entry.hasInstallScript).map(([key]) => packageName(key));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in packageJson.allowScripts))).toEqual([]);
    // The plate reader runs on the CPU: onnxruntime-node's script only downloads the CUDA provider.
    expect(packageJson.allowScripts['onnxruntime-node']).toBe(false);
  });

  it('every locked package supports the oldest Node.js the README promises', () => {
    const oldest = semver.minVersion(packageJson.engines.node);
    expect(oldest).not.toBeNull();
    const refusing = lockedPackages
      .filter(([, entry]) => !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest!, (entry.engines as { node: string }).node))
      .map(([key, entry]) => `${packageName(key)}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
