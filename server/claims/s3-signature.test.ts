import { describe, expect, it } from 'vitest';
import { amzDate, authorizationHeader, sha256Hex } from './s3-signature.ts';

describe('authorizationHeader', () => {
  it("matches AWS's published example (GET /test.txt with a Range header)", () => {
    const header = authorizationHeader(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9', 'x-amz-content-sha256': sha256Hex(''), 'x-amz-date': amzDate(new Date('2013-05-24T00:00:00Z')) },
        payloadHash: sha256Hex(''),
      },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
    );
    expect(header).toBe('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });
});
