/**
 * The pages a driver opens at the gate (the parking session with its exit pass, digital tickets)
 * load their route chunks straight from the precached index.html, in parallel with the entry
 * chunk. Without this, on an offline cold start their chunks were asked for only after the entry
 * had run (~470 ms at 4× CPU), then arrived as a chain (route chunk → its imports → theirs),
 * because the build keeps no modulepreload lists (README: they would cost the entry ~2 KB gzip
 * for ~70 routes). Only these few pages are listed, so index.html grows by a few hundred bytes.
 * Pure (the Vite plugin in vite.config.ts feeds it the bundle) so it is unit-tested.
 */

/** What the plugin reads of a Rollup/Rolldown output chunk. */
export type BundleChunk = {
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  /** Static imports (file names), direct ones only. */
  imports: readonly string[];
  /** CSS files Vite attached to this chunk (viteMetadata.importedCss). */
  importedCss: readonly string[];
  /** Its code's length: the largest chunks are asked for first. */
  size?: number;
};

/**
 * The split component chunk of a route file: TanStack's autoCodeSplitting names it
 * `<file>?tsr-split=component---loader` (the split groups joined by ---).
 */
function isComponentChunkOf(chunk: BundleChunk, routeFile: string): boolean {
  const [file, query] = (chunk.facadeModuleId ?? '').split('?');
  if (file !== routeFile || !query) return false;
  const groups = new URLSearchParams(query).get('tsr-split')?.split('---') ?? [];
  return groups.includes('component');
}

/**
 * For each page (URL path → absolute route files, layout first), the JS and CSS files its route
 * components need: their chunks with every static import, not the entry chunk or its CSS (already
 * in the page). A missing route file is an error: the list must not silently go stale. A listed
 * file that is no route file is a module the app imports lazily: its own chunk (the full route
 * tree, which a second-stage page waits for: src/route-stages.ts).
 */
export function gatePreloadFiles(chunks: readonly BundleChunk[], pages: Readonly<Record<string, readonly string[]>>): Record<string, string[]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryFiles = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.importedCss]));
  const result: Record<string, string[]> = {};
  for (const [pagePath, routeFiles] of Object.entries(pages)) {
    const files = new Set<string>();
    const visit = (chunk: BundleChunk): void => {
      if (files.has(chunk.fileName) || entryFiles.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const css of chunk.importedCss) if (!entryFiles.has(css)) files.add(css);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) visit(next);
      }
    };
    for (const routeFile of routeFiles) {
      const chunk = chunks.find((candidate) => isComponentChunkOf(candidate, routeFile) || candidate.facadeModuleId === routeFile);
      if (!chunk) throw new Error(`gate preload: no component chunk for ${routeFile} (page ${pagePath})`);
      visit(chunk);
    }
    result[pagePath] = largestFirst([...files], byFile);
  }
  return result;
}

/**
 * Stylesheets first (the first frame waits for them), then scripts from the largest down: over
 * HTTP/1.1's six connections the files start in the order they are asked for, and a large chunk
 * asked for after a dozen small ones waits for a free connection and ends last (Lighthouse saw the
 * session's `lot` chunk start 0.15 s late in half its runs).
 */
function largestFirst(files: string[], byFile: ReadonlyMap<string, BundleChunk>): string[] {
  const weight = (file: string): number => (file.endsWith('.css') ? Number.POSITIVE_INFINITY : (byFile.get(file)?.size ?? 0));
  return files.map((file, index) => ({ file, index })).sort((a, b) => weight(b.file) - weight(a.file) || a.index - b.index).map(({ file }) => file);
}

/**
 * The inline script for index.html: on a listed page, adds `<link rel=modulepreload>` for its JS
 * and `<link rel=stylesheet>` for its CSS (Vite's loader then finds them and does not wait for
 * them again). File names are listed once, without their common folder and ".js", and pages refer
 * to them by index, to keep the script small (it is in every page's HTML).
 *
 * `whenStored` adds another page's files where the device's storage says the driver is one tap
 * from it, keyed by the localStorage item that says so: on the home-screen start URL `/` a device
 * holding a sign-in (`pf-auth`) loads the session its "Show Exit Pass" card opens, and one holding
 * a kept exit pass (`pf-exit-pass-qr`) the pass the start URL draws (a page key no URL path has,
 * such as `/#kept-pass`, lists files that are only preloaded this way). Visitors with nothing
 * stored load nothing extra.
 */
export function gatePreloadScript(
  pages: Readonly<Record<string, readonly string[]>>,
  base: string,
  whenStored: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): string {
  const files = [...new Set(Object.values(pages).flat())];
  const odd = files.find((file) => !/\.(js|css)$/.test(file));
  if (odd) throw new Error(`gate preload: ${odd} is neither .js nor .css`);
  const prefix = commonDirectory(files);
  const names = files.map((file) => file.slice(prefix.length).replace(/\.js$/, ''));
  const indexes = Object.fromEntries(Object.entries(pages).map(([pagePath, pageFiles]) => [pagePath, pageFiles.map((file) => files.indexOf(file))]));
  for (const targets of Object.values(whenStored)) {
    for (const [pagePath, target] of Object.entries(targets)) {
      if (!Object.hasOwn(indexes, target)) throw new Error(`gate preload: ${pagePath} would preload ${target}, which is not a listed page`);
    }
  }
  return (
    `(()=>{const f=${JSON.stringify(names)},m=${JSON.stringify(indexes)},w=${JSON.stringify(whenStored)},k=location.pathname.replace(/(.)\\/$/,"$1");` +
    `let p=Object.hasOwn(m,k)?m[k]:[];try{for(const s in w)if(Object.hasOwn(w[s],k)&&localStorage.getItem(s))p=p.concat(m[w[s][k]])}catch{}` +
    `for(const i of new Set(p)){const l=document.createElement("link"),h=f[i],c=h.endsWith(".css");` +
    `l.rel=c?"stylesheet":"modulepreload";l.href=${JSON.stringify(base + prefix)}+h+(c?"":".js");document.head.append(l)}})()`
  );
}

/** "assets/" for ["assets/a.js", "assets/b.css"]: written once in the script instead of per file. */
function commonDirectory(files: readonly string[]): string {
  const [first = '', ...rest] = files;
  let prefix = first.slice(0, first.lastIndexOf('/') + 1);
  while (prefix && !rest.every((file) => file.startsWith(prefix))) prefix = prefix.slice(0, prefix.slice(0, -1).lastIndexOf('/') + 1);
  return prefix;
}
