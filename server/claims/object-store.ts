/**
 * Where claim photos live: a small object-store interface (put / get / delete by key) so the
 * bytes can sit on the server's disk (default, under DATA_DIR/objects) or in an S3-compatible
 * bucket later without touching the claims code. Only the disk store is implemented; an S3 store
 * (SigV4 over the REST API) would implement the same three calls and be chosen by configuration.
 * Keys are ours ("claims/<submission>/<n>-original"), never a file name a caller chose.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type StoredObject = { bytes: Buffer; contentType: string };

export type ObjectStore = {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** undefined when there is no such object. */
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*$/i;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`object key not allowed: ${key}`);
}

/** Objects as files under `root`; the content type in a sidecar `.type` file. */
export function createDiskObjectStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await writeFile(`${file}.type`, contentType);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
        return { bytes, contentType };
      } catch (error: unknown) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
  };
}
