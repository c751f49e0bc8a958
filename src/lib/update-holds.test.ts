import { afterEach, describe, expect, it } from 'vitest';
import { holdUpdate, isUpdateHeld, updateHoldReasons, watchTypedInput } from './update-holds';

/** A document stand-in: what the watch listens on, and a way to type into a field. */
function fakeDocument() {
  let listener: ((event: Event) => void) | undefined;
  const root = {
    addEventListener: (_type: string, next: (event: Event) => void) => void (listener = next),
    removeEventListener: () => void (listener = undefined),
  } as unknown as Pick<Document, 'addEventListener' | 'removeEventListener'>;
  const type = (field: object) => listener?.({ target: field } as unknown as Event);
  return { root, type };
}

const field = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, type: 'text', value: '', isConnected: true, readOnly: false, ...extra });

let stopWatching = () => undefined as void;
afterEach(() => stopWatching());

describe('holdUpdate', () => {
  it('holds until released, and a second release is harmless', () => {
    const releasePayment = holdUpdate('payment');
    const releasePass = holdUpdate('exit-pass');
    expect(updateHoldReasons().sort()).toEqual(['exit-pass', 'payment']);
    releasePayment();
    releasePayment();
    expect(updateHoldReasons()).toEqual(['exit-pass']);
    releasePass();
    expect(isUpdateHeld()).toBe(false);
  });
});

describe('watchTypedInput', () => {
  it('holds while a typed value is on screen, lets go when it is cleared or the field leaves', () => {
    const { root, type } = fakeDocument();
    stopWatching = watchTypedInput(root);
    const cardNumber = field('INPUT', { inputMode: 'numeric' });
    cardNumber.value = '4242 4242';
    type(cardNumber);
    expect(updateHoldReasons()).toEqual(['form']);
    cardNumber.value = '';
    expect(isUpdateHeld()).toBe(false);
    cardNumber.value = '4';
    type(cardNumber);
    cardNumber.isConnected = false;
    expect(isUpdateHeld()).toBe(false);
  });

  it('ignores choices that are not typed, and read-only fields', () => {
    const { root, type } = fakeDocument();
    stopWatching = watchTypedInput(root);
    type(field('INPUT', { type: 'checkbox', value: 'on' }));
    type(field('INPUT', { type: 'radio', value: 'phone' }));
    type(field('INPUT', { value: '+1 212', readOnly: true }));
    type({ tagName: 'DIV' });
    expect(isUpdateHeld()).toBe(false);
    type(field('SELECT', { value: 'NY' }));
    expect(isUpdateHeld()).toBe(true);
  });

  it('counts the field that had focus (and a value) before the watch began', () => {
    const { root } = fakeDocument();
    stopWatching = watchTypedInput(root, field('INPUT', { value: 'R4T9WX' }) as unknown as EventTarget);
    expect(isUpdateHeld()).toBe(true);
  });
});
