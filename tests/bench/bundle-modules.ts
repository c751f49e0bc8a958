/**
 * Per-module breakdown of the first-screen JS (`node --import tsx tests/bench/bundle-modules.ts [route…]`):
 * builds as `npm run bench -- bundle` does and prints, for each first-screen chunk, its ParkFair
 * modules largest first: minified size, and what the module adds to the gzip of all the chunk's
 * ParkFair modules minified one by one and put together (gzip of them all minus gzip without it).
 * An estimate for ranking (the chunk is minified as a whole, with the libraries in the same gzip
 * stream); the budget itself is bundle.ts's.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { minifySync } from 'rolldown/utils';
import { build, type Manifest, type Plugin } from 'vite';
import { entryStageKeys, FIRST_SCREEN_ROUTES, routeChunkKeys, staticClosure } from './bundle.ts';

type ModuleSize = { id: string; code: string; minified: number; gzip: number };

const ROOT = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(ROOT, '.tmp/bench/modules-dist');

const modulesByFile = new Map<string, ModuleSize[]>();
const ownGzipByFile = new Map<string, number>();
// `--group=regex` (repeatable): what all the modules whose path matches add together.
const groups = process.argv.filter((arg) => arg.startsWith('--group=')).map((arg) => arg.slice('--group='.length));
const groupLines: string[] = [];
const recordModules: Plugin = {
  name: 'pf-bench-module-sizes',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      const modules = Object.entries(output.modules).map(([id, module]) => {
        const code = module.code ? minifySync(`${id}.js`, module.code).code : '';
        return { id: path.relative(ROOT, id).replace(/^.*node_modules\//, '~/'), code, minified: code.length, gzip: 0 };
      });
      const gzip = (parts: ModuleSize[]) => gzipSync(parts.map((module) => module.code).join('\n'), { level: 9 }).length;
      const own = modules.filter((module) => !module.id.startsWith('~/'));
      const all = gzip(own);
      for (const module of own) module.gzip = all - gzip(own.filter((other) => other !== module));
      modulesByFile.set(output.fileName, own.sort((a, b) => b.gzip - a.gzip));
      for (const group of groups) {
        const pattern = new RegExp(group);
        const rest = own.filter((module) => !pattern.test(module.id));
        if (rest.length < own.length) groupLines.push(`${output.fileName}: modules matching /${group}/ (${own.length - rest.length}) add ${all - gzip(rest)} B gzip`);
      }
      ownGzipByFile.set(output.fileName, all);
    }
  },
};

await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true, manifest: true }, plugins: [recordModules] });
const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const routeArgs = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const routes = routeArgs.length > 0 ? routeArgs : FIRST_SCREEN_ROUTES;
groupLines.forEach((line) => console.log(line));

for (const route of routes) {
  console.log(`\n== ${route}`);
  for (const file of staticClosure(manifest, [entryKey, ...entryStageKeys(manifest, entryKey), ...routeChunkKeys(manifest, route)])) {
    const chunkGzip = gzipSync(await readFile(path.join(outDir, file)), { level: 9 }).length;
    const own = modulesByFile.get(file) ?? [];
    console.log(`\n${file}: ${kb(chunkGzip)} gzip; ${own.length} ParkFair modules, ${kb(ownGzipByFile.get(file) ?? 0)} gzip together`);
    for (const module of own) console.log(`  ${kb(module.gzip).padStart(9)}  ${kb(module.minified).padStart(9)} min  ${module.id}`);
  }
}
