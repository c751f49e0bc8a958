import { describe, expect, it } from 'vitest';
import { INSTALL_HINT_INTERVAL_MS, isIosSafari, isOfferDue } from './install-prompt';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

describe('isIosSafari (where the Share sheet, not beforeinstallprompt, adds to the home screen)', () => {
  it('is Safari on an iPhone, and on an iPad that asks for desktop sites', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 5)).toBe(true);
  });

  it('is not a Mac, Chrome on iOS, or Android', () => {
    expect(isIosSafari(IPAD_DESKTOP_MODE, 0)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});

describe('isOfferDue (at most once a week)', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  it('is due when never offered or the stored time is unreadable', () => {
    expect(isOfferDue(null, now)).toBe(true);
    expect(isOfferDue('soon', now)).toBe(true);
  });

  it('waits a full week after the last offer', () => {
    expect(isOfferDue(String(now - INSTALL_HINT_INTERVAL_MS + 1), now)).toBe(false);
    expect(isOfferDue(String(now - 60_000), now)).toBe(false);
    expect(isOfferDue(String(now - INSTALL_HINT_INTERVAL_MS), now)).toBe(true);
  });
});
