import { describe, expect, it } from 'vitest';
import { savedCopyMarker } from './saved-copy-marker';

const at = (iso: string) => Date.parse(iso);

describe('the saved-copy marker', () => {
  const facts = { isOnline: true, isUnreachable: false, updatedAt: at('2026-11-25T17:04:00Z'), refreshIntervalMs: 60_000, now: at('2026-11-25T17:04:30Z') };

  it('says offline from navigator.onLine alone, before any request failed', () => {
    expect(savedCopyMarker({ ...facts, isOnline: false })).toBe('offline · last updated 12:04');
  });

  it('says offline when the last refresh got no answer', () => {
    expect(savedCopyMarker({ ...facts, isUnreachable: true })).toBe('offline · last updated 12:04');
  });

  it('online: nothing while the copy is fresh, "updated h:mm" once it is older than its refresh', () => {
    expect(savedCopyMarker(facts)).toBe('');
    expect(savedCopyMarker({ ...facts, now: at('2026-11-25T17:05:30Z') })).toBe('');
    expect(savedCopyMarker({ ...facts, now: at('2026-11-25T17:05:31Z') })).toBe('updated 12:04');
  });

  it('a copy not refreshed on a timer (the reservation pass) is never called old online, but still says offline', () => {
    const pass = { ...facts, refreshIntervalMs: Number.POSITIVE_INFINITY, now: at('2026-12-25T17:04:00Z') };
    expect(savedCopyMarker(pass)).toBe('');
    expect(savedCopyMarker({ ...pass, isOnline: false })).toBe('offline · last updated 12:04');
  });

  it('says nothing without a copy', () => {
    expect(savedCopyMarker({ ...facts, isOnline: false, updatedAt: 0 })).toBe('');
  });
});
