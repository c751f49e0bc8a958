import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RegistrationLike, startUpdateChecks, type WorkboxLike, wireUpdateFlow } from './sw-bridge';
import { SKIP_WAITING } from './sw-protocol';
import { createUpdateStore } from './sw-update-store';

type Listener = (event: { sw?: ServiceWorker }) => void;

function fakeWorkbox() {
  const listeners = new Map<string, Listener>();
  const workbox: WorkboxLike = { addEventListener: (type, listener) => void listeners.set(type, listener) };
  return { workbox, emit: (type: 'waiting' | 'controlling', event: { sw?: ServiceWorker } = {}) => listeners.get(type)?.(event) };
}

function fakeRegistration() {
  let onUpdateFound: (() => void) | undefined;
  const registration = {
    update: vi.fn(() => Promise.resolve()),
    waiting: null,
    addEventListener: (_type: string, listener: () => void) => {
      onUpdateFound = listener;
    },
  } as unknown as RegistrationLike & { update: ReturnType<typeof vi.fn> };
  return { registration, findUpdate: () => onUpdateFound?.() };
}

describe('wireUpdateFlow', () => {
  it('shows the banner, asks the waiting worker to take over, reloads once it controls', () => {
    const store = createUpdateStore();
    const reload = vi.fn();
    const { workbox, emit } = fakeWorkbox();
    const { registration, findUpdate } = fakeRegistration();
    wireUpdateFlow({ workbox, store, hasController: () => true, reload }).onRegistered(registration);

    findUpdate();
    expect(store.getStatus()).toBe('downloading');
    const postMessage = vi.fn();
    emit('waiting', { sw: { postMessage } as unknown as ServiceWorker });
    expect(postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    expect(store.getStatus()).toBe('applying');
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not announce or reload for the first install', () => {
    const store = createUpdateStore();
    const reload = vi.fn();
    const { workbox, emit } = fakeWorkbox();
    const { registration, findUpdate } = fakeRegistration();
    wireUpdateFlow({ workbox, store, hasController: () => false, reload }).onRegistered(registration);
    findUpdate();
    emit('controlling');
    expect(store.getStatus()).toBe('idle');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('startUpdateChecks', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for an update every interval, but not while offline', () => {
    vi.useFakeTimers();
    let isOnline = true;
    const { registration } = fakeRegistration();
    const stop = startUpdateChecks(registration, () => isOnline, 60_000);
    vi.advanceTimersByTime(59_999);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    isOnline = false;
    vi.advanceTimersByTime(60_000);
    expect(registration.update).toHaveBeenCalledTimes(1);
    stop();
    isOnline = true;
    vi.advanceTimersByTime(120_000);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});
