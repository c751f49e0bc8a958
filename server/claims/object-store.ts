/**
 * Where claim photos live: a small object-store interface (put / get / delete by key) so the
 * bytes sit on the server's disk (default, under DATA_DIR/objects) or in an S3-compatible bucket
 * (OBJECT_STORE_S3_* configuration, SigV4 over the REST API) without touching the claims code.
 * Keys are ours ("claims/<submission>/<n>-original"), never a file name a caller chose.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { amzDate, authorizationHeader, sha256Hex } from './s3-signature.ts';

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

export type S3StoreConfig = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/**
 * Objects in an S3-compatible bucket over its REST API, path-style (`{endpoint}/{bucket}/{key}`,
 * which MinIO, R2 and AWS all answer), each request signed with SigV4 (s3-signature.ts). The
 * payload hash is sent and signed, so the store refuses a body changed on the way.
 */
export function createS3ObjectStore(config: S3StoreConfig, fetchImpl: typeof fetch = fetch): ObjectStore {
  const credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region };
  const send = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: { bytes: Uint8Array; contentType: string }) => {
    assertSafeKey(key);
    const url = new URL(`${config.endpoint.replace(/\/$/, '')}/${encodeURIComponent(config.bucket)}/${key}`);
    const payloadHash = sha256Hex(body?.bytes ?? '');
    const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate(new Date()) };
    if (body) headers['content-type'] = body.contentType;
    const authorization = authorizationHeader({ method, url, headers, payloadHash }, credentials);
    const { host: _host, ...sent } = headers; // fetch writes Host itself, with the same value
    return fetchImpl(url, { method, headers: { ...sent, authorization }, ...(body ? { body: new Uint8Array(body.bytes) } : {}) });
  };
  const failure = async (what: string, response: Response) => new Error(`object store ${what} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, { bytes, contentType });
      if (!response.ok) throw await failure(`PUT ${key}`, response);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw await failure(`GET ${key}`, response);
      return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure(`DELETE ${key}`, response);
    },
  };
}
