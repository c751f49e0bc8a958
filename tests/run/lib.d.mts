/** Types for the parts of lib.mjs that TypeScript files (the benches, the runner's tests) import. */
/** Installs Debian packages whose marker (a file path, or a check) is missing; needs root. */
export function ensureDebianPackages(markers: Record<string, string | (() => boolean)>): Promise<void>;
/** The longest files of one Vitest or Playwright JSON report, longest first (tests/run/lib.mjs). */
export function slowestFiles(report: unknown, count: number): Array<{ file: string; ms: number }>;
