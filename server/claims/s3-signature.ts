/**
 * AWS Signature Version 4 for S3-compatible object stores (AWS S3, MinIO, R2, Scaleway…), header
 * form: a canonical request (method, path, query, signed headers, payload hash), a string to sign
 * over it, and an HMAC-SHA256 chain keyed by the secret, the date, the region and "s3".
 * Checked against AWS's published GET example in s3-signature.test.ts.
 */
import { createHash, createHmac } from 'node:crypto';

export type S3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

export type S3Request = { method: string; url: URL; headers: Record<string, string>; payloadHash: string };

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (also !'()*), keeping '/' in paths. */
function uriEncode(text: string, isPath: boolean): string {
  return [...text].map((char) => {
    if (/[A-Za-z0-9\-._~]/.test(char) || (isPath && char === '/')) return char;
    return [...Buffer.from(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }).join('');
}

/** `YYYYMMDD'T'HHMMSS'Z'` */
export const amzDate = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The Authorization header for a request that already carries host, x-amz-date and x-amz-content-sha256. */
export function authorizationHeader(request: S3Request, credentials: S3Credentials): string {
  const headers = Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const);
  headers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const query = [...request.url.searchParams.entries()]
    .map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    uriEncode(decodeURIComponent(request.url.pathname), true),
    query,
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const date = request.headers['x-amz-date'] ?? '';
  const scope = `${date.slice(0, 8)}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date.slice(0, 8)), credentials.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
}
