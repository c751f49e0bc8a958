import { describe, expect, it } from 'vitest';
import { isGatePath, mayOpenProtectedPage } from './session-gate';

describe('gate pages open from saved data', () => {
  it('knows the session and digital tickets pages', () => {
    expect(isGatePath('/parkandpay/session')).toBe(true);
    expect(isGatePath('/parkandpay/digital-tickets/')).toBe(true);
    expect(isGatePath('/parkandpay/reservation-payment')).toBe(false);
  });

  it('knows a reservation pass and the reservations list it is found in (issue 38), not other account pages', () => {
    expect(isGatePath('/my-account/reservations/42')).toBe(true);
    expect(isGatePath('/my-account/reservations/42/')).toBe(true);
    expect(isGatePath('/my-account/reservations')).toBe(true);
    expect(isGatePath('/my-account/reservations/')).toBe(true);
    expect(isGatePath('/my-account/receipts')).toBe(false);
    expect(isGatePath('/my-account/reservations/abc')).toBe(false);
  });

  it('a signed-out driver with saved data reaches a gate page and nothing else', () => {
    const expired = { status: 'signed-out', holdsSavedData: true };
    expect(mayOpenProtectedPage('/parkandpay/session', expired)).toBe(true);
    expect(mayOpenProtectedPage('/my-account/profile', expired)).toBe(false);
    expect(mayOpenProtectedPage('/parkandpay/session', { status: 'signed-out', holdsSavedData: false })).toBe(false);
    expect(mayOpenProtectedPage('/my-account/profile', { status: 'signed-in', holdsSavedData: true })).toBe(true);
  });
});
