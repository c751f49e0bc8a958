/** Types for the parts of lib.mjs that TypeScript files (the benches) import. */
/** Installs Debian packages whose marker (a file path, or a check) is missing; needs root. */
export function ensureDebianPackages(markers: Record<string, string | (() => boolean)>): Promise<void>;
