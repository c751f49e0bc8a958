/**
 * Both object stores through the same calls: the disk store in a temporary folder, and the S3
 * store against a small S3-compatible server in this process that checks each request's SigV4
 * Authorization header and payload hash before it stores or answers. That check uses our own
 * signer, so it proves the store signs what it sends (every signed header sent, the body's hash),
 * not that the signature is right: s3-signature.test.ts holds the signer to AWS's published
 * examples, and object-store-s3rver.test.ts runs the store against an S3 server that is not ours.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskObjectStore, createS3ObjectStore, type ObjectStore } from './object-store.ts';
import { authorizationHeader, sha256Hex } from './s3-signature.ts';

const CREDENTIALS = { accessKeyId: 'TESTKEY', secretAccessKey: 'test-secret', region: 'us-east-1' };
let folder: string;
let server: ServerType;
let endpoint: string;
const refused: string[] = [];

/** A bucket in memory that answers only correctly signed requests, as S3 does. */
function fakeS3() {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  return new Hono().all('/parkfair-claims/*', async (c) => {
    const bytes = Buffer.from(await c.req.arrayBuffer());
    const url = new URL(c.req.url);
    const signed = (c.req.header('authorization') ?? '').match(/SignedHeaders=([^,]+)/)?.[1]?.split(';') ?? [];
    const headers = Object.fromEntries(signed.map((name) => [name, c.req.header(name) ?? '']));
    const expected = authorizationHeader({ method: c.req.method, url, headers, payloadHash: c.req.header('x-amz-content-sha256') ?? '' }, CREDENTIALS);
    if (c.req.header('authorization') !== expected || sha256Hex(bytes) !== c.req.header('x-amz-content-sha256') || !signed.includes('host')) {
      refused.push(`${c.req.method} ${url.pathname}`);
      return c.text('SignatureDoesNotMatch', 403);
    }
    const key = url.pathname;
    if (c.req.method === 'PUT') objects.set(key, { bytes, contentType: c.req.header('content-type') ?? '' });
    if (c.req.method === 'DELETE') objects.delete(key);
    if (c.req.method !== 'GET') return c.body(null, c.req.method === 'DELETE' ? 204 : 200);
    const object = objects.get(key);
    return object ? c.body(new Uint8Array(object.bytes), 200, { 'Content-Type': object.contentType }) : c.text('NoSuchKey', 404);
  });
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'parkfair-objects-'));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: fakeS3().fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
      endpoint = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});
afterAll(async () => {
  server.close();
  await rm(folder, { recursive: true, force: true });
});

const stores: [string, () => ObjectStore][] = [
  ['disk', () => createDiskObjectStore(folder)],
  ['S3', () => createS3ObjectStore({ endpoint, bucket: 'parkfair-claims', ...CREDENTIALS })],
];

describe.each(stores)('%s object store', (_name, makeStore) => {
  it('puts, gets and deletes an object by key, and has nothing for an unknown key', async () => {
    const store = makeStore();
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0x20]);
    await store.put('claims/abc-123/1-original', bytes, 'image/jpeg');
    expect(await store.get('claims/abc-123/1-original')).toEqual({ bytes, contentType: 'image/jpeg' });
    expect(await store.get('claims/abc-123/2-original')).toBeUndefined();
    await store.delete('claims/abc-123/1-original');
    expect(await store.get('claims/abc-123/1-original')).toBeUndefined();
    expect(refused).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(makeStore().put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow('object key not allowed');
  });
});

it('a wrong secret is refused by the bucket', async () => {
  const store = createS3ObjectStore({ endpoint, bucket: 'parkfair-claims', ...CREDENTIALS, secretAccessKey: 'wrong' });
  await expect(store.put('claims/x/1-original', Buffer.from('x'), 'image/png')).rejects.toThrow('object store PUT claims/x/1-original failed: 403');
  refused.length = 0;
});
