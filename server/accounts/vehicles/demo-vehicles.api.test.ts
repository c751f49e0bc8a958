/**
 * A coherent demo: each demo driver's Vehicles page (GET get-customer-vehicles) lists every plate
 * they have parked — Dana's DEMO123 of ticket PF7K2QX, Sam's DEMO456 and his monthly MTH2041 —
 * and says which of them is on a lot now. The demo uids are signed in by a verifier that takes
 * the uid as the token (the route under test is the real one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { demoDriverPlates } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ verifyToken: async (uid) => ({ uid, email: undefined, phoneNumber: undefined }) });
});
afterAll(async () => { await t.close(); });

type ListedVehicle = { licensePlate: string; make: string; isTicketed: boolean };
const vehiclesOf = async (uid: string) => (await (await t.request('/accounts/api/customers/get-customer-vehicles', { token: uid })).json()) as ListedVehicle[];

describe('the demo drivers’ vehicles', () => {
  it('include every plate they have parked', async () => {
    expect(demoDriverPlates()).toEqual(expect.arrayContaining([{ ownerUid: 'demo-driver-1', plate: 'DEMO123' }, { ownerUid: 'demo-driver-2', plate: 'DEMO456' }]));
    for (const { ownerUid, plate } of demoDriverPlates()) {
      expect((await vehiclesOf(ownerUid)).map((vehicle) => vehicle.licensePlate), ownerUid).toContain(plate);
    }
  });

  it('mark the parked ones as ticketed', async () => {
    const dana = await vehiclesOf('demo-driver-1');
    expect(dana).toEqual([expect.objectContaining({ licensePlate: 'DEMO123', make: 'Toyota', isTicketed: true })]);
    const sam = await vehiclesOf('demo-driver-2');
    expect(sam.find((vehicle) => vehicle.licensePlate === 'DEMO456')?.isTicketed).toBe(true);
  });
});
