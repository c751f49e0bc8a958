import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorage, removeStorage, writeStorage } from './storage';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const blocked = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('web storage', () => {
  it('keeps device values in localStorage and tab values in sessionStorage', () => {
    const device = memoryStorage();
    const tab = memoryStorage();
    vi.stubGlobal('localStorage', device);
    vi.stubGlobal('sessionStorage', tab);

    writeStorage('pf-a', 'device value');
    writeStorage('pf-a', 'tab value', 'tab');
    expect(device.getItem('pf-a')).toBe('device value');
    expect(tab.getItem('pf-a')).toBe('tab value');
    expect(readStorage('pf-a')).toBe('device value');
    expect(readStorage('pf-a', 'tab')).toBe('tab value');

    removeStorage('pf-a', 'tab');
    expect(readStorage('pf-a', 'tab')).toBeNull();
    expect(readStorage('pf-a')).toBe('device value');
  });

  it('never throws when storage is blocked, full or absent: nothing is remembered', () => {
    vi.stubGlobal('localStorage', blocked);
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => writeStorage('pf-a', 'x')).not.toThrow();
    expect(readStorage('pf-a')).toBeNull();
    expect(() => removeStorage('pf-a')).not.toThrow();
    expect(() => writeStorage('pf-a', 'x', 'tab')).not.toThrow();
    expect(readStorage('pf-a', 'tab')).toBeNull();
  });
});
