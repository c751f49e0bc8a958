import { describe, expect, it, vi } from 'vitest';
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

describe('installErrorReporting', () => {
  it('reports errors caught before it loaded, then the window errors, each message once a minute', async () => {
    const { installErrorReporting } = await import('./error-reporting');
    const listeners = new Map<string, (event: ErrorEvent | PromiseRejectionEvent) => void>();
    vi.stubGlobal('window', {
      addEventListener: (type: string, listener: (event: ErrorEvent | PromiseRejectionEvent) => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    });
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{"clientLogId":1}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const early = { message: 'early boom', filename: '', lineno: 0, colno: 0, error: undefined } as unknown as ErrorEvent;
    try {
      const uninstall = installErrorReporting(() => null, [early, early]);
      listeners.get('error')?.({ message: 'later boom', filename: '', lineno: 0, colno: 0, error: undefined } as unknown as ErrorEvent);
      const messages = fetch.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { message: string }).message);
      expect(messages).toEqual(['early boom', 'later boom']);
      uninstall();
      expect(listeners.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
