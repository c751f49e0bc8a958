import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';

describe('object store configuration', () => {
  it('is the disk under DATA_DIR unless an S3 endpoint is set', () => {
    expect(parseConfig({}).objectStore).toEqual({ kind: 'disk' });
    expect(parseConfig({ OBJECT_STORE_S3_ENDPOINT: 'http://127.0.0.1:9000', OBJECT_STORE_S3_BUCKET: 'claims', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' }).objectStore)
      .toEqual({ kind: 's3', endpoint: 'http://127.0.0.1:9000', bucket: 'claims', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' });
  });

  it('refuses an S3 endpoint without bucket and keys, or that is not a URL', () => {
    expect(() => parseConfig({ OBJECT_STORE_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('OBJECT_STORE_S3_ENDPOINT needs OBJECT_STORE_S3_BUCKET, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
    expect(() => parseConfig({ OBJECT_STORE_S3_ENDPOINT: 'minio' })).toThrow('OBJECT_STORE_S3_ENDPOINT must be a URL');
  });
});
