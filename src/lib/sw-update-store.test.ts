import { describe, expect, it, vi } from 'vitest';
import { createUpdateStore, isUpdateBannerVisible } from './sw-update-store';

describe('createUpdateStore', () => {
  it('notifies subscribers on a change only, and stops after unsubscribe', () => {
    const store = createUpdateStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setStatus('idle');
    expect(listener).not.toHaveBeenCalled();
    store.setStatus('downloading');
    expect(store.getStatus()).toBe('downloading');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setStatus('applying');
    expect(listener).toHaveBeenCalledTimes(1);
  });
  it('shows the banner while an update downloads or applies', () => {
    expect(isUpdateBannerVisible('idle')).toBe(false);
    expect(isUpdateBannerVisible('downloading')).toBe(true);
    expect(isUpdateBannerVisible('waiting')).toBe(true);
    expect(isUpdateBannerVisible('applying')).toBe(true);
  });
  it('passes safe moments to the applier only while a version waits', () => {
    const store = createUpdateStore();
    const applier = vi.fn();
    store.setApplier(applier);
    store.offerSafeMoment('navigation');
    store.setStatus('downloading');
    store.offerSafeMoment('tap');
    expect(applier).not.toHaveBeenCalled();
    store.setStatus('waiting');
    store.offerSafeMoment('hidden');
    expect(applier).toHaveBeenCalledWith('hidden');
  });
});
