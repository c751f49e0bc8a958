/**
 * The S3 object store against a real S3 implementation that is not ours: `@20minutes/s3rver`
 * (an S3 REST server in Node, files on disk, SigV4 verified with its own code). It answers only a
 * request whose Authorization it computes the same way from what arrived, so a signing bug, a
 * header sent but not signed (or signed but not sent) or a path encoded differently fails here,
 * which the in-process bucket of object-store.test.ts (it checks with our own signer) cannot see.
 * `@20minutes/s3rver` 4.0.4 (MIT, Node ≥ 20) is a devDependency: this test never skips.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3ObjectStore, type S3StoreConfig } from './object-store.ts';

type S3rverServer = { run(): Promise<{ address: string; port: number }>; close(): Promise<void> };
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;

const S3RVER_PACKAGE = '@20minutes/s3rver';
// The package has no types of its own: the two methods used here are typed above.
const S3rver = ((await import(/* @vite-ignore */ S3RVER_PACKAGE)) as { default: S3rverClass }).default;

/** s3rver's built-in account. */
const ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };
const BUCKET = 'parkfair-claims';

describe('S3 object store against s3rver', () => {
  let server: S3rverServer;
  let folder: string;
  let config: S3StoreConfig;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'parkfair-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder, configureBuckets: [{ name: BUCKET }] });
    const { port } = await server.run();
    config = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, ...ACCOUNT };
  });
  afterAll(async () => {
    await server?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('puts, gets and deletes a photo and its staff copy by key, content type kept', async () => {
    const store = createS3ObjectStore(config);
    const original = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 3000 }, (_, index) => index % 251)]);
    const viewing = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await store.put('claims/3f1c-77ab/1-original', original, 'image/jpeg');
    await store.put('claims/3f1c-77ab/1-viewing', viewing, 'image/png');

    expect(await store.get('claims/3f1c-77ab/1-original')).toEqual({ bytes: original, contentType: 'image/jpeg' });
    expect(await store.get('claims/3f1c-77ab/1-viewing')).toEqual({ bytes: viewing, contentType: 'image/png' });
    expect(await store.get('claims/3f1c-77ab/2-original')).toBeUndefined();

    await store.delete('claims/3f1c-77ab/1-original');
    expect(await store.get('claims/3f1c-77ab/1-original')).toBeUndefined();
    // Deleting what is not there is not an error (a refused claim's clean-up may repeat).
    await expect(store.delete('claims/3f1c-77ab/1-original')).resolves.toBeUndefined();
  });

  it('is refused by the server when the secret is wrong (it checks the signature itself)', async () => {
    const store = createS3ObjectStore({ ...config, secretAccessKey: 'not-the-secret' });
    await expect(store.put('claims/3f1c-77ab/9-original', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/PUT claims\/3f1c-77ab\/9-original failed: 403 .*SignatureDoesNotMatch/s);
    await expect(store.get('claims/3f1c-77ab/1-viewing')).rejects.toThrow(/GET claims\/3f1c-77ab\/1-viewing failed: 403/);
  });

  it('is refused when a signed header is changed on the way', async () => {
    // Something on the way that relabels the photo after it was signed: the signature no longer matches.
    const tampering: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('content-type', 'text/html');
      return fetch(input, { ...init, headers });
    };
    const store = createS3ObjectStore(config, tampering);
    await expect(store.put('claims/3f1c-77ab/8-original', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/failed: 403 .*SignatureDoesNotMatch/s);
  });
});
