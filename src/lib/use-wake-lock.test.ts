import { describe, expect, it, vi } from 'vitest';
import { keepScreenOn, type WakeLockLike } from './use-wake-lock';

function fakePage() {
  const listeners = new Set<() => void>();
  const page = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  const setVisibility = (state: DocumentVisibilityState) => {
    page.visibilityState = state;
    for (const listener of listeners) listener();
  };
  return { page: page as unknown as Document, setVisibility, listeners };
}

function fakeWakeLock() {
  const released = vi.fn(() => Promise.resolve());
  const api: WakeLockLike & { request: ReturnType<typeof vi.fn> } = { request: vi.fn(() => Promise.resolve({ release: released })) };
  return { api, released };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepScreenOn', () => {
  it('asks for the lock at once and again each time the page shows, and releases it at the end', async () => {
    const { page, setVisibility, listeners } = fakePage();
    const { api, released } = fakeWakeLock();
    const stop = keepScreenOn(api, page);
    expect(api.request).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    expect(api.request).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    expect(api.request).toHaveBeenCalledTimes(2);
    await settle();
    stop();
    await settle();
    expect(released).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it('releases a lock granted after the pass was closed, and shrugs off a refusal', async () => {
    const { page } = fakePage();
    const { api, released } = fakeWakeLock();
    keepScreenOn(api, page)();
    await settle();
    expect(released).toHaveBeenCalledTimes(1);
    const refusing: WakeLockLike = { request: () => Promise.reject(new Error('NotAllowedError')) };
    const stop = keepScreenOn(refusing, page);
    await settle();
    expect(() => stop()).not.toThrow();
  });
});
