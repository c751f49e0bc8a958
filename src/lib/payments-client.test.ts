import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './errors';
import { isRetryable, withRetries } from './payments-client';

describe('payment retries (spec 2 §7)', () => {
  it('retries no-answer and 5xx, never a 402 decline or another 4xx', () => {
    expect(isRetryable(new NetworkError())).toBe(true);
    expect(isRetryable(new ApiError(503, 'busy'))).toBe(true);
    expect(isRetryable(new ApiError(402, 'Your card was declined.'))).toBe(false);
    expect(isRetryable(new ApiError(409, 'This has already been paid.'))).toBe(false);
  });

  it('gives up after the allowed retries and stops at once on a decline', async () => {
    let calls = 0;
    await expect(withRetries(async () => ((calls += 1), Promise.reject(new NetworkError())), { retries: 2, delayMs: 1 })).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toBe(3);
    calls = 0;
    await expect(withRetries(async () => ((calls += 1), Promise.reject(new ApiError(402, 'declined'))), { retries: 4, delayMs: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('returns the first success', async () => {
    let calls = 0;
    const result = await withRetries(async () => {
      calls += 1;
      if (calls < 2) throw new ApiError(500, 'oops');
      return 'ok';
    }, { retries: 4, delayMs: 1 });
    expect(result).toBe('ok');
  });
});
