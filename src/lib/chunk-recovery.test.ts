import { describe, expect, it } from 'vitest';
import { isChunkLoadFailure, RELOAD_WINDOW_MS, RELOADED_AT_KEY, recoverFromChunkFailure } from './chunk-recovery';

function environment({ isOnline = true, hasStorage = true, startAt = 1_000_000 } = {}) {
  const stored = new Map<string, string>();
  const state = { reloads: 0, now: startAt };
  const storage = hasStorage ? { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) } : undefined;
  return { state, stored, env: { storage, isOnline: () => isOnline, reload: () => void (state.reloads += 1), now: () => state.now } };
}

describe('recoverFromChunkFailure', () => {
  it('reloads once for a failed chunk, and gives up when the reloaded page fails too', () => {
    const { state, stored, env } = environment();
    expect(recoverFromChunkFailure(env)).toBe('reloaded');
    expect(state.reloads).toBe(1);
    expect(stored.get(RELOADED_AT_KEY)).toBe(String(state.now));
    // The reloaded page's chunk fails as well: the server is broken, not the release.
    state.now += 2_000;
    expect(recoverFromChunkFailure(env)).toBe('gave-up');
    expect(state.reloads).toBe(1);
  });

  it('reloads again for a later release, once the window since the last reload has passed', () => {
    const { state, env } = environment();
    recoverFromChunkFailure(env);
    state.now += RELOAD_WINDOW_MS;
    expect(recoverFromChunkFailure(env)).toBe('reloaded');
    expect(state.reloads).toBe(2);
  });

  it('keeps the page offline: a reload would show the browser offline page instead', () => {
    const { state, stored, env } = environment({ isOnline: false });
    expect(recoverFromChunkFailure(env)).toBe('offline');
    expect(state.reloads).toBe(0);
    expect(stored.size).toBe(0);
  });

  it('never reloads without storage, where nothing could stop a loop', () => {
    const { state, env } = environment({ hasStorage: false });
    expect(recoverFromChunkFailure(env)).toBe('gave-up');
    expect(state.reloads).toBe(0);
  });
});

describe('isChunkLoadFailure', () => {
  it("knows each browser's words for a chunk that could not be fetched", () => {
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: https://parkfair.test/assets/app-AbCd1234.js'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module: https://parkfair.test/assets/x.js'))).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Unable to preload CSS for /assets/lot-Ab12.css'))).toBe(true);
  });

  it("leaves the code's own errors to their handlers: a refused camera is not a missing chunk", () => {
    expect(isChunkLoadFailure(new DOMException('Requested device not found', 'NotFoundError'))).toBe(false);
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadFailure(undefined)).toBe(false);
  });
});
