import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATION_QUIET_MS, NAVIGATION_RETRY_MS, NAVIGATION_SETTLE_MS, watchNavigationMoments } from './navigation-moments';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function watch(page: { quiet: boolean; waiting: boolean }) {
  const offer = vi.fn();
  const moments = watchNavigationMoments({ isPageQuiet: () => page.quiet, isWaiting: () => page.waiting, offer });
  return { moments, offer };
}

describe('navigation moments', () => {
  it('never counts the location the banner appeared on, however long the driver stays', () => {
    const { moments, offer } = watch({ quiet: true, waiting: true });
    moments.locationIs('/parkandpay/session?licensePlate=DANA01');
    vi.advanceTimersByTime(NAVIGATION_SETTLE_MS * 3);
    moments.locationIs('/parkandpay/session?licensePlate=DANA01');
    vi.advanceTimersByTime(NAVIGATION_SETTLE_MS * 3);
    expect(offer).not.toHaveBeenCalled();
  });

  it('offers a change of location from one second after it, not before', () => {
    const { moments, offer } = watch({ quiet: true, waiting: true });
    moments.locationIs('/pay-for-parking/T1');
    moments.locationIs('/');
    vi.advanceTimersByTime(NAVIGATION_QUIET_MS - 1);
    expect(offer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(offer).toHaveBeenCalledTimes(1);
  });

  it('waits for a quiet page, and stops offering four seconds after the change, by the clock', () => {
    const page = { quiet: false, waiting: true };
    const { moments, offer } = watch(page);
    moments.locationIs('/a');
    moments.locationIs('/b');
    vi.advanceTimersByTime(NAVIGATION_QUIET_MS + 5 * NAVIGATION_RETRY_MS);
    expect(offer).not.toHaveBeenCalled();
    page.quiet = true;
    vi.advanceTimersByTime(NAVIGATION_RETRY_MS);
    expect(offer).toHaveBeenCalled();
    // Still held (the offer did not apply): offers go on until the window closes, then end.
    vi.advanceTimersByTime(NAVIGATION_SETTLE_MS);
    const offered = offer.mock.calls.length;
    vi.advanceTimersByTime(NAVIGATION_SETTLE_MS * 3);
    expect(offer).toHaveBeenCalledTimes(offered);
  });

  it('ends the window by the clock even when the timers run late (a busy phone)', () => {
    const { moments, offer } = watch({ quiet: true, waiting: true });
    moments.locationIs('/a');
    moments.locationIs('/b');
    vi.advanceTimersByTime(NAVIGATION_QUIET_MS);
    // Each retry fires a whole second late: the window still closes 4 s after the change.
    for (let late = 0; late < 30; late += 1) {
      vi.setSystemTime(Date.now() + 1000 - NAVIGATION_RETRY_MS);
      vi.advanceTimersByTime(NAVIGATION_RETRY_MS);
    }
    expect(offer).toHaveBeenCalledTimes(NAVIGATION_SETTLE_MS / 1000);
  });

  it('offers nothing more once nothing waits, and stop cancels what is scheduled', () => {
    const page = { quiet: true, waiting: false };
    const { moments, offer } = watch(page);
    moments.locationIs('/a');
    moments.locationIs('/b');
    vi.advanceTimersByTime(NAVIGATION_SETTLE_MS);
    expect(offer).toHaveBeenCalledTimes(1);
    page.waiting = true;
    moments.locationIs('/c');
    moments.stop();
    vi.advanceTimersByTime(NAVIGATION_SETTLE_MS);
    expect(offer).toHaveBeenCalledTimes(1);
  });
});
