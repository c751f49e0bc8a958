/**
 * Vehicle calls with real emulator users: the full add / list / update / remove cycle, the
 * spec's validation and duplicate-plate texts, and that one customer's vehicles are invisible to
 * another (404, never a hint that the vehicle exists).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleListSchema, vehicleSchema, VEHICLE_MESSAGES } from '../../../src/contract/vehicles.ts';
import { createEmulatorUser, emulatorTokenVerifier, forgeToken, type EmulatorUser } from '../../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const BASE = '/accounts/api/customers';
let t: TestApp;
let alice: EmulatorUser;
let bob: EmulatorUser;

const camry = { licensePlate: 'abc1234', vehicleTypeId: 1, make: 'Toyota', model: 'Camry', country: 'United States', state: 'NY', color: 'Silver', year: 2019 };

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [alice, bob] = await Promise.all([createEmulatorUser(), createEmulatorUser()]);
});
afterAll(() => t.close());

const post = (path: string, json: unknown, token: string) => t.request(`${BASE}/${path}`, { method: 'POST', json, token });
async function list(token: string) {
  const response = await t.request(`${BASE}/get-customer-vehicles`, { token });
  expect(response.status).toBe(200);
  return v.parse(vehicleListSchema, await response.json());
}

describe('authentication', () => {
  it.each([
    ['GET', 'get-customer-vehicles'],
    ['POST', 'add-vehicle'],
    ['POST', 'update-vehicle'],
    ['POST', 'remove-vehicle'],
  ])('%s %s needs a valid token', async (method, path) => {
    expect((await t.request(`${BASE}/${path}`, { method, json: method === 'POST' ? camry : undefined })).status).toBe(401);
    expect((await t.request(`${BASE}/${path}`, { method, json: method === 'POST' ? camry : undefined, token: forgeToken(alice) })).status).toBe(401);
  });
});

describe('lookups', () => {
  it('lists vehicle types with Car/Truck, Motorcycle/Scooter, Bicycle first', async () => {
    const types = (await (await t.request(`${BASE}/get-vehicle-types`)).json()) as { vehicleTypeId: number; typeName: string }[];
    expect(types.slice(0, 3).map((type) => type.typeName)).toEqual(['Car/Truck', 'Motorcycle/Scooter', 'Bicycle']);
    expect(types.every((type) => Number.isInteger(type.vehicleTypeId))).toBe(true);
  });

  it('lists makes and the models of a make', async () => {
    const makes = (await (await t.request(`${BASE}/get-car-makes`)).json()) as string[];
    expect(makes).toContain('Honda');
    const models = (await (await t.request(`${BASE}/get-car-models/Honda`)).json()) as string[];
    expect(models).toContain('Civic');
    expect((await t.request(`${BASE}/get-car-models/Studebaker`)).status).toBe(404);
  });
});

describe('add, list, update, remove', () => {
  it('runs the whole cycle', async () => {
    const added = await post('add-vehicle', { ...camry, nickname: 'Work car' }, alice.idToken);
    expect(added.status).toBe(201);
    const vehicle = v.parse(vehicleSchema, await added.json());
    expect(vehicle).toMatchObject({ licensePlate: 'ABC1234', originalLicensePlate: 'ABC1234', vehicleTypeName: 'Car/Truck', isOversized: false, isTemporary: false, removalDate: null, nickname: 'Work car' });

    expect((await list(alice.idToken)).map((item) => item.vehicleId)).toEqual([vehicle.vehicleId]);

    const updated = await post('update-vehicle', { ...camry, vehicleId: vehicle.vehicleId, licensePlate: 'xyz987', state: 'New Jersey', color: 'Red' }, alice.idToken);
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ licensePlate: 'XYZ987', state: 'NJ', color: 'Red', originalLicensePlate: 'ABC1234' });

    const removed = await post('remove-vehicle', { vehicleId: vehicle.vehicleId }, alice.idToken);
    expect(removed.status).toBe(200);
    expect(await list(alice.idToken)).toEqual([]);
    expect((await post('remove-vehicle', { vehicleId: vehicle.vehicleId }, alice.idToken)).status).toBe(404);
  });

  it('keeps a rental until its removal date, which cannot be in the past', async () => {
    const past = await post('add-vehicle', { ...camry, licensePlate: 'RENT1', isTemporary: true, removalDate: '2026-11-22' }, alice.idToken);
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ errors: { removalDate: 'Removal Date cannot be before today' } });
    const missing = await post('add-vehicle', { ...camry, licensePlate: 'RENT1', isTemporary: true }, alice.idToken);
    expect(await missing.json()).toMatchObject({ errors: { removalDate: 'Removal Date is required' } });

    const rental = await post('add-vehicle', { ...camry, licensePlate: 'RENT1', isTemporary: true, removalDate: '2026-11-25' }, alice.idToken);
    expect(rental.status).toBe(201);
    expect((await list(alice.idToken)).map((item) => item.licensePlate)).toContain('RENT1');
    t.clock.now = new Date('2026-11-26T15:00:00Z');
    try {
      expect((await list(alice.idToken)).map((item) => item.licensePlate)).not.toContain('RENT1');
      // A rental gone from the list no longer blocks its plate: the driver can add it again.
      const again = await post('add-vehicle', { ...camry, licensePlate: 'RENT1' }, alice.idToken);
      expect(again.status).toBe(201);
      expect((await list(alice.idToken)).filter((item) => item.licensePlate === 'RENT1')).toHaveLength(1);
    } finally {
      t.clock.now = new Date('2026-11-23T19:00:00Z');
    }
  });
});

describe('validation', () => {
  it('answers 400 with the spec text per field', async () => {
    const response = await post('add-vehicle', { licensePlate: 'AB#12', state: 'null' }, alice.idToken);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    // Year, make, model and colour are optional (decision 0111): only the plate and state are asked for.
    expect(body.errors).toEqual({
      licensePlate: 'License Plate must contain only letters and numbers',
      state: 'State field is required',
    });
    expect(body.message).toContain('License Plate must contain only letters and numbers');
  });

  it('saves a vehicle with only its plate and state; details given later are kept, and cleared again', async () => {
    const added = await post('add-vehicle', { licensePlate: 'opt 123', state: 'nj' }, alice.idToken);
    expect(added.status).toBe(201);
    const vehicle = v.parse(vehicleSchema, await added.json());
    expect(vehicle).toMatchObject({ licensePlate: 'OPT123', state: 'NJ', country: 'United States', vehicleTypeId: 1, make: null, model: null, color: null, year: null });
    const detailed = await post('update-vehicle', { ...camry, licensePlate: 'OPT123', state: 'NJ', vehicleId: vehicle.vehicleId }, alice.idToken);
    expect(v.parse(vehicleSchema, await detailed.json())).toMatchObject({ make: 'Toyota', model: 'Camry', color: 'Silver', year: 2019 });
    const cleared = await post('update-vehicle', { licensePlate: 'OPT123', state: 'NJ', make: ' ', model: '', color: null, year: '', vehicleId: vehicle.vehicleId }, alice.idToken);
    expect(v.parse(vehicleSchema, await cleared.json())).toMatchObject({ make: null, model: null, color: null, year: null });
    expect((await list(alice.idToken)).find((item) => item.vehicleId === vehicle.vehicleId)).toMatchObject({ make: null, year: null });
    expect((await post('remove-vehicle', { vehicleId: vehicle.vehicleId }, alice.idToken)).status).toBe(200);
  });

  it('still checks the details that are given', async () => {
    const errors = async (json: unknown) => ((await (await post('add-vehicle', json, alice.idToken)).json()) as { errors: Record<string, string> }).errors;
    expect(await errors({ licensePlate: 'OPT124', state: 'NY', make: 'T', color: 'Plaid', year: 'old', model: 'x'.repeat(51) })).toEqual({
      make: 'Vehicle Make must be at least 2 characters',
      model: 'Vehicle Model must be at most 50 characters',
      color: expect.stringMatching(/^Vehicle Color must be one of: Beige/),
      year: 'Vehicle Year must be between 1932 and 2026',
    });
  });

  it('refuses bad states, years and types', async () => {
    const errors = async (json: unknown) => ((await (await post('add-vehicle', json, alice.idToken)).json()) as { errors: Record<string, string> }).errors;
    expect((await errors({ ...camry, state: 'ZZ' })).state).toMatch(/United States/);
    expect((await errors({ ...camry, year: 1900 })).year).toBe('Vehicle Year must be between 1932 and 2026');
    expect((await errors({ ...camry, vehicleTypeId: 42 })).vehicleTypeId).toMatch(/Vehicle Type must be one of/);
    expect((await errors({ ...camry, licensePlate: '' })).licensePlate).toBe('License Plate field is required');
  });

  it('answers 400 for bodies of the wrong shape', async () => {
    expect((await post('add-vehicle', { ...camry, licensePlate: 42 }, alice.idToken)).status).toBe(400);
    expect((await post('remove-vehicle', { vehicleId: 'one' }, alice.idToken)).status).toBe(400);
    expect((await post('update-vehicle', camry, alice.idToken)).status).toBe(400);
    const malformed = await t.request(`${BASE}/add-vehicle`, { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' }, token: alice.idToken });
    expect(malformed.status).toBe(400);
  });
});

describe('duplicates and ownership', () => {
  it('refuses the same plate twice in one state with the spec text, but allows another customer', async () => {
    const plate = { ...camry, licensePlate: 'DUP123' };
    expect((await post('add-vehicle', plate, alice.idToken)).status).toBe(201);
    const again = await post('add-vehicle', { ...plate, licensePlate: 'dup123', model: 'Corolla' }, alice.idToken);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: VEHICLE_MESSAGES.alreadyRegistered });
    expect(VEHICLE_MESSAGES.alreadyRegistered).toBe('A vehicle with this license plate is already registered. If you believe this is an error, please contact us for assistance.');
    expect((await post('add-vehicle', { ...plate, state: 'NJ' }, alice.idToken)).status).toBe(201);
    expect((await post('add-vehicle', plate, bob.idToken)).status).toBe(201);
  });

  it('refuses an update onto a plate already on the account', async () => {
    const first = v.parse(vehicleSchema, await (await post('add-vehicle', { ...camry, licensePlate: 'ONE1' }, alice.idToken)).json());
    const second = v.parse(vehicleSchema, await (await post('add-vehicle', { ...camry, licensePlate: 'TWO2' }, alice.idToken)).json());
    const clash = await post('update-vehicle', { ...camry, vehicleId: second.vehicleId, licensePlate: 'ONE1' }, alice.idToken);
    expect(clash.status).toBe(409);
    // Saving a vehicle unchanged is not a duplicate of itself.
    expect((await post('update-vehicle', { ...camry, vehicleId: first.vehicleId, licensePlate: 'ONE1' }, alice.idToken)).status).toBe(200);
  });

  it("never shows, changes or removes another customer's vehicle", async () => {
    const mine = v.parse(vehicleSchema, await (await post('add-vehicle', { ...camry, licensePlate: 'ALICE1' }, alice.idToken)).json());
    expect((await list(bob.idToken)).map((item) => item.vehicleId)).not.toContain(mine.vehicleId);
    const update = await post('update-vehicle', { ...camry, vehicleId: mine.vehicleId, licensePlate: 'STOLEN' }, bob.idToken);
    expect(update.status).toBe(404);
    expect((await post('remove-vehicle', { vehicleId: mine.vehicleId }, bob.idToken)).status).toBe(404);
    expect((await list(alice.idToken)).find((item) => item.vehicleId === mine.vehicleId)?.licensePlate).toBe('ALICE1');
  });

  it("answers 404 for another customer's vehicle even when the body is invalid, and for a removed one", async () => {
    const mine = v.parse(vehicleSchema, await (await post('add-vehicle', { ...camry, licensePlate: 'ALICE2' }, alice.idToken)).json());
    // Validation must not run first: a 400 would confirm that the vehicleId exists.
    expect((await post('update-vehicle', { vehicleId: mine.vehicleId, licensePlate: '' }, bob.idToken)).status).toBe(404);
    expect((await post('remove-vehicle', { vehicleId: mine.vehicleId }, alice.idToken)).status).toBe(200);
    expect((await post('update-vehicle', { ...camry, vehicleId: mine.vehicleId, licensePlate: 'ALICE2' }, alice.idToken)).status).toBe(404);
  });
});
