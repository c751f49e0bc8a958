import { describe, expect, it } from 'vitest';
import { shouldBypassCaptcha } from './firebase';

describe('shouldBypassCaptcha', () => {
  it('needs the nocaptcha flag on a listed test host', () => {
    expect(shouldBypassCaptcha({ hostname: 'test.parkfair.example', search: '?nocaptcha' }, ['test.parkfair.example'])).toBe(true);
    expect(shouldBypassCaptcha({ hostname: 'www.parkfair.example', search: '?nocaptcha=1' }, ['test.parkfair.example'])).toBe(false);
    expect(shouldBypassCaptcha({ hostname: 'test.parkfair.example', search: '' }, ['test.parkfair.example'])).toBe(false);
  });
});
