import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './error-reporting';

describe('createRateLimiter', () => {
  it('reports a message once a window and at most maxPerWindow overall', () => {
    let time = 0;
    const shouldReport = createRateLimiter({ maxPerWindow: 2, windowMs: 1000, now: () => time });
    expect(shouldReport('a')).toBe(true);
    expect(shouldReport('a')).toBe(false);
    expect(shouldReport('b')).toBe(true);
    expect(shouldReport('c')).toBe(false);
    time = 1000;
    expect(shouldReport('a')).toBe(true);
    expect(shouldReport('c')).toBe(true);
    expect(shouldReport('d')).toBe(false);
  });
});
