/**
 * deploy/stage-release.sh, the step of a rolling deploy that keeps open pages working
 * (decision 0117): the new release carries the previous release's own hashed assets, the
 * previous release receives the new ones before any process is replaced, and only one release
 * back is carried. `npm run test:deploy` rolls real builds of the same code, whose hashed assets
 * do not change; these builds differ as two releases of changed code do.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../deploy/stage-release.sh');
let dir = '';

async function fakeBuild(name: string, assets: string[]): Promise<string> {
  const build = path.join(dir, name);
  await mkdir(path.join(build, 'assets'), { recursive: true });
  await writeFile(path.join(build, 'index.html'), `<script src="/assets/${assets[0]}"></script>`);
  await writeFile(path.join(build, 'sw.js'), `// ${name}`);
  for (const asset of assets) await writeFile(path.join(build, 'assets', asset), `/* ${asset} */`);
  return build;
}

const stage = (...args: string[]) => spawnSync('sh', [SCRIPT, ...args], { encoding: 'utf8' });
const assetsOf = async (release: string) => (await readdir(path.join(release, 'assets'))).sort();

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pf-stage-release-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('deploy/stage-release.sh', () => {
  it('gives each side of a rolling deploy the other release’s hashed assets, one release back only', async () => {
    const [buildA, buildB, buildC] = [
      await fakeBuild('build-a', ['index-AAAA.js', 'shared-SSSS.js', 'pay-A111.js']),
      await fakeBuild('build-b', ['index-BBBB.js', 'shared-SSSS.js', 'pay-B222.js']),
      await fakeBuild('build-c', ['index-CCCC.js', 'shared-SSSS.js']),
    ];
    const [releaseA, releaseB, releaseC] = ['release-a', 'release-b', 'release-c'].map((name) => path.join(dir, name)) as [string, string, string];
    expect(stage(buildA, releaseA).status).toBe(0);
    expect(await assetsOf(releaseA)).toEqual(['index-AAAA.js', 'pay-A111.js', 'shared-SSSS.js']);

    expect(stage(buildB, releaseB, releaseA).status).toBe(0);
    // An open page of A asks a new process for its lazy chunk; a page of B asks an old one.
    expect(await assetsOf(releaseB)).toEqual(['index-AAAA.js', 'index-BBBB.js', 'pay-A111.js', 'pay-B222.js', 'shared-SSSS.js']);
    expect(await assetsOf(releaseA)).toEqual(['index-AAAA.js', 'index-BBBB.js', 'pay-A111.js', 'pay-B222.js', 'shared-SSSS.js']);

    expect(stage(buildC, releaseC, releaseB).status).toBe(0);
    // A's files are two releases old: not carried into C.
    expect(await assetsOf(releaseC)).toEqual(['index-BBBB.js', 'index-CCCC.js', 'pay-B222.js', 'shared-SSSS.js']);
  });

  it('refuses to overwrite a release or to stage something that is not a build', async () => {
    const build = await fakeBuild('build-a', ['index-AAAA.js']);
    const release = path.join(dir, 'release-a');
    expect(stage(build, release).status).toBe(0);
    const again = stage(build, release);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toMatch(/exists already/);
    const notABuild = stage(path.join(dir, 'nothing'), path.join(dir, 'release-x'));
    expect(notABuild.status).not.toBe(0);
    expect(notABuild.stderr).toMatch(/is not a build/);
  });
});
