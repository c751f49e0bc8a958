import { describe, expect, it } from 'vitest';
import { EMAIL_VERIFY_RETURN_KEY, rememberVerifyReturn, takeVerifyReturn } from './email-verify-return';

function memoryStore() {
  const items = new Map<string, string>();
  return { items, read: (k: string) => items.get(k) ?? null, write: (k: string, v: string) => void items.set(k, v), remove: (k: string) => void items.delete(k) };
}

describe('emailVerify-return', () => {
  it('returns the target within 6 hours and only once', () => {
    const store = memoryStore();
    rememberVerifyReturn('/reserve/monthly', 1_000, store);
    expect(JSON.parse(store.items.get(EMAIL_VERIFY_RETURN_KEY) ?? '')).toEqual({ url: '/reserve/monthly', timestamp: 1_000 });
    expect(takeVerifyReturn(1_000 + 6 * 3600_000 - 1, store)).toBe('/reserve/monthly');
    expect(takeVerifyReturn(1_000, store)).toBeUndefined();
  });

  it('drops a target 6 hours old or more, and corrupt items', () => {
    const store = memoryStore();
    rememberVerifyReturn('/reserve/monthly', 0, store);
    expect(takeVerifyReturn(6 * 3600_000, store)).toBeUndefined();
    store.write(EMAIL_VERIFY_RETURN_KEY, '{oops');
    expect(takeVerifyReturn(0, store)).toBeUndefined();
  });
});
