/**
 * The SigV4 signer against the four worked examples AWS publishes for S3 ("Signature Calculations
 * for the Authorization Header: Transferring Payload in a Single Chunk"): the same example
 * credentials, date and bucket, each with the exact Authorization value AWS prints. Together they
 * cover header sorting and trimming, a signed non-amz header (Range, Date), a body's hash, a path
 * character that must be percent-encoded (`$`), a query key without a value and a sorted query.
 * A change anywhere in the canonical request, the scope or the key derivation fails one of them.
 */
import { describe, expect, it } from 'vitest';
import { amzDate, authorizationHeader, sha256Hex } from './s3-signature.ts';

const AWS_EXAMPLE_CREDENTIALS = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const HOST = 'examplebucket.s3.amazonaws.com';
const DATE = amzDate(new Date('2013-05-24T00:00:00Z'));
const EMPTY_HASH = sha256Hex('');
const scope = 'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';

type Example = { name: string; method: string; path: string; payloadHash: string; headers: Record<string, string>; expected: string };

const examples: Example[] = [
  {
    name: 'GET Object (/test.txt with a Range header)',
    method: 'GET', path: '/test.txt', payloadHash: EMPTY_HASH,
    headers: { Host: HOST, Range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_HASH, 'x-amz-date': DATE },
    expected: `${scope},SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41`,
  },
  {
    name: 'PUT Object (/test$file.text, "Welcome to Amazon S3.", Date and storage class signed)',
    method: 'PUT', path: '/test$file.text', payloadHash: sha256Hex('Welcome to Amazon S3.'),
    headers: { Host: HOST, Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-date': DATE, 'x-amz-storage-class': 'REDUCED_REDUNDANCY', 'x-amz-content-sha256': sha256Hex('Welcome to Amazon S3.') },
    expected: `${scope},SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd`,
  },
  {
    name: 'GET Bucket Lifecycle (/?lifecycle)',
    method: 'GET', path: '/?lifecycle', payloadHash: EMPTY_HASH,
    headers: { Host: HOST, 'x-amz-date': DATE, 'x-amz-content-sha256': EMPTY_HASH },
    expected: `${scope},SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543`,
  },
  {
    name: 'GET Bucket, list objects (/?max-keys=2&prefix=J)',
    method: 'GET', path: '/?max-keys=2&prefix=J', payloadHash: EMPTY_HASH,
    headers: { Host: HOST, 'x-amz-date': DATE, 'x-amz-content-sha256': EMPTY_HASH },
    expected: `${scope},SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7`,
  },
];

describe('authorizationHeader', () => {
  it.each(examples)("matches AWS's published example: $name", ({ method, path, headers, payloadHash, expected }) => {
    expect(authorizationHeader({ method, url: new URL(`https://${HOST}${path}`), headers, payloadHash }, AWS_EXAMPLE_CREDENTIALS)).toBe(expected);
  });

  it('gives another signature for another secret, region or day (each is in the key)', () => {
    const [{ method, path, headers, payloadHash, expected }] = examples as [Example];
    const sign = (credentials: typeof AWS_EXAMPLE_CREDENTIALS, date = DATE) => authorizationHeader({ method, url: new URL(`https://${HOST}${path}`), headers: { ...headers, 'x-amz-date': date }, payloadHash }, credentials);
    const signatures = new Set([
      expected,
      sign({ ...AWS_EXAMPLE_CREDENTIALS, secretAccessKey: 'another-secret' }),
      sign({ ...AWS_EXAMPLE_CREDENTIALS, region: 'us-east-2' }),
      sign(AWS_EXAMPLE_CREDENTIALS, amzDate(new Date('2013-05-25T00:00:00Z'))),
    ].map((header) => header.slice(header.indexOf('Signature='))));
    expect(signatures.size).toBe(4);
  });
});
