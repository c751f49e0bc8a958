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
    wireUpdateFlow({ workbox, store, hasController: () => true, reload, isHeld: () => false }).onRegistered(registration);

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
    wireUpdateFlow({ workbox, store, hasController: () => false, reload, isHeld: () => false }).onRegistered(registration);
    findUpdate();
    emit('controlling');
    expect(store.getStatus()).toBe('idle');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('wireUpdateFlow while something holds the update', () => {
  function heldFlow() {
    const store = createUpdateStore();
    const reload = vi.fn();
    const postMessage = vi.fn();
    const { workbox, emit } = fakeWorkbox();
    let isHeld = true;
    wireUpdateFlow({ workbox, store, hasController: () => true, reload, isHeld: () => isHeld });
    emit('waiting', { sw: { postMessage } as unknown as ServiceWorker });
    return { store, reload, postMessage, emit, release: () => (isHeld = false) };
  }

  it('waits with the banner up and does not ask the worker to take over', () => {
    const { store, postMessage, reload } = heldFlow();
    expect(store.getStatus()).toBe('waiting');
    store.offerSafeMoment('navigation');
    store.offerSafeMoment('hidden');
    expect(postMessage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('applies at the first safe moment after the hold is released', () => {
    const { store, postMessage, reload, emit, release } = heldFlow();
    release();
    expect(postMessage).not.toHaveBeenCalled();
    store.offerSafeMoment('navigation');
    expect(postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(store.getStatus()).toBe('idle');
  });

  it('applies on a tap even while held: the driver chose to', () => {
    const { store, postMessage } = heldFlow();
    store.offerSafeMoment('tap');
    expect(postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    expect(store.getStatus()).toBe('applying');
  });

  it('only reloads at the safe moment when another tab already switched the worker', () => {
    const { store, postMessage, reload, emit, release } = heldFlow();
    emit('controlling');
    expect(reload).not.toHaveBeenCalled();
    release();
    store.offerSafeMoment('hidden');
    expect(postMessage).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
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
