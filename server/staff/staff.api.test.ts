/**
 * /staff/api through the real app with real emulator accounts: the claims desk lists, filters,
 * searches, opens (photos included), moves claims through received → in review → closed with
 * each change mailed to the customer, and exports CSV. Anonymous callers get 401 and customers
 * 403 on every staff route (the access suite checks the same across the route table).
 */
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimPayload } from '../../src/contract/claims.ts';
import { claimDetailSchema, claimPageSchema } from '../../src/contract/staff.ts';
import { createEmulatorUser, emulatorTokenVerifier, type EmulatorUser } from '../testing/emulator-users.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createStaffUser } from './staff-testing.ts';

let t: TestApp;
let staff: EmulatorUser;
let customer: EmulatorUser;
let photo: Buffer;
const claimIds: Record<string, number> = {};

async function fileClaim(claimNumber: string, overrides: Partial<ClaimPayload>, photos: Buffer[] = []): Promise<number> {
  const locations = (await (await t.request('/claims/api/locations')).json()) as { Results: { LocationID: number; LocationNumber: string }[] };
  const claim: ClaimPayload = {
    locationID: locations.Results.find((row) => row.LocationNumber === '1044')?.LocationID ?? 0, incidentDate: '2026-11-22', reportDate: '2026-11-23', claimNumber,
    primaryPhone: null, alternatePhone: null, businessPhone: null, emailAddress: null, street: null, city: null, state: null, zipCode: null,
    firstName: 'Pat', lastName: 'Driver', vehicleVin: null, vehicleState: null, vehicleMake: null, vehicleModel: null, vehicleYear: null,
    vehicleColor: null, vehicleMileage: null, vehiclePlate: null, carBroughtIn: '2026-11-22T09:15:00-05:00', parkedBy: null,
    carCalledFor: '2026-11-22T18:40:00-05:00', deliveredBy: null, natureOfClaim: null, lossDetails: null, accidentDescription: null,
    attendantPossesedKeys: true, isDamagePhotographed: false, insuranceCompanyName: null, policyNumber: null, policyExpirationDateTime: null,
    liability: false, comprehensive: false, collision: false, ...overrides,
  };
  const form = new FormData();
  form.set('claim', JSON.stringify(claim));
  for (const bytes of photos) form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'p.png');
  const response = await t.request('/claims/api/claims/customers', { method: 'POST', body: form, headers: { 'Idempotency-Key': `staff-test-${claimNumber}` } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { claimId: number }).claimId;
}

beforeAll(async () => {
  t = await createTestApp({ verifyToken: emulatorTokenVerifier() });
  [staff, customer] = await Promise.all([createStaffUser(), createEmulatorUser()]);
  photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 10, g: 90, b: 200 } } }).png().toBuffer();
  claimIds['first'] = await fileClaim('70001', { emailAddress: 'pat.one@example.com', vehiclePlate: 'KLM4822', firstName: 'Pat' }, [photo]);
  claimIds['second'] = await fileClaim('70002', { firstName: 'Robin', lastName: 'Quill', vehiclePlate: 'XYZ9' });
});
afterAll(() => t.close());

const STAFF_PATHS = ['/staff/api/me', '/staff/api/claims', '/staff/api/claims.csv', '/staff/api/claims/1', '/staff/api/claims/1/photos/1/viewing'];

describe('who may call', () => {
  it.each(STAFF_PATHS)('GET %s: 401 anonymous, 403 customer, 2xx/404 staff', async (path) => {
    expect((await t.request(path)).status).toBe(401);
    const asCustomer = await t.request(path, { token: customer.idToken });
    expect(asCustomer.status).toBe(403);
    expect(((await asCustomer.json()) as { message: string }).message).toBe('This page is for ParkFair staff. Sign in with a staff account.');
    expect([200, 404]).toContain((await t.request(path, { token: staff.idToken })).status);
  });

  it('POST status: 401 anonymous, 403 customer', async () => {
    const path = `/staff/api/claims/${claimIds['first']}/status`;
    expect((await t.request(path, { method: 'POST', json: { status: 'in-review' } })).status).toBe(401);
    expect((await t.request(path, { method: 'POST', json: { status: 'in-review' }, token: customer.idToken })).status).toBe(403);
  });
});

describe('claims desk', () => {
  const list = async (query: string) => {
    const response = await t.request(`/staff/api/claims${query}`, { token: staff.idToken });
    expect(response.status).toBe(200);
    return v.parse(claimPageSchema, await response.json());
  };

  it('lists newest first and searches by claim number (with or without E), name and plate', async () => {
    const all = await list('');
    expect(all.results.map((row) => row.claimNumber)).toEqual(['E70002', 'E70001']);
    expect((await list('?q=E70001')).results.map((row) => row.claimNumber)).toEqual(['E70001']);
    expect((await list('?q=robin%20quill')).results.map((row) => row.claimNumber)).toEqual(['E70002']);
    expect((await list('?q=klm4822')).results.map((row) => row.claimNumber)).toEqual(['E70001']);
    expect((await list('?q=100%25')).totalElementCount).toBe(0);
    expect((await list('?locationNumber=1044&from=2026-11-22&to=2026-11-22')).totalElementCount).toBe(2);
    expect((await list('?pageSize=1&page=1')).results.map((row) => row.claimNumber)).toEqual(['E70001']);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['?status=open', '?from=2026-02-30', '?pageSize=1000', '?locationNumber=abc']) {
      const response = await t.request(`/staff/api/claims${query}`, { token: staff.idToken });
      expect(response.status, query).toBe(400);
    }
  });

  it('opens a claim with its photo: the resized copy and the original as uploaded', async () => {
    const id = claimIds['first'] ?? 0;
    const detail = v.parse(claimDetailSchema, await (await t.request(`/staff/api/claims/${id}`, { token: staff.idToken })).json());
    expect(detail).toMatchObject({ claimNumber: 'E70001', status: 'received', photos: [{ position: 1, width: 1600, height: 800, contentType: 'image/png' }] });
    expect(detail.fields).toContainEqual({ label: 'Car Brought In', value: '2026-11-22 09:15 ET' });
    const viewing = await t.request(`/staff/api/claims/${id}/photos/1/viewing`, { token: staff.idToken });
    expect(viewing.headers.get('Content-Type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await viewing.arrayBuffer())).metadata()).width).toBe(1600);
    const original = await t.request(`/staff/api/claims/${id}/photos/1/original`, { token: staff.idToken });
    expect(Buffer.from(await original.arrayBuffer()).equals(photo)).toBe(true);
    expect((await t.request(`/staff/api/claims/${id}/photos/2/viewing`, { token: staff.idToken })).status).toBe(404);
    expect((await t.request('/staff/api/claims/999999', { token: staff.idToken })).status).toBe(404);
  });

  it('moves a claim received → in review → closed, mailing the customer each time; skipping a step is refused', async () => {
    const id = claimIds['first'] ?? 0;
    const move = (status: string, note?: string) => t.request(`/staff/api/claims/${id}/status`, { method: 'POST', token: staff.idToken, json: { status, note } });
    const skip = await move('closed');
    expect(skip.status).toBe(409);
    expect(((await skip.json()) as { message: string }).message).toBe('A claim that is received cannot move to closed.');
    expect((await move('in-review', 'We are checking the garage camera.')).status).toBe(200);
    expect((await move('closed')).status).toBe(200);
    const mails = await t.db.query<{ subject: string; text_body: string; kind: string }>("select subject, text_body, kind from mail_outbox where to_address = 'pat.one@example.com' order by mail_id");
    expect(mails.map((mail) => mail.subject)).toEqual(['Your ParkFair claim E70001 is in review', 'Your ParkFair claim E70001 is closed']);
    expect(mails[0]?.text_body).toContain('A note from our claims team:\nWe are checking the garage camera.');
    const detail = v.parse(claimDetailSchema, await (await t.request(`/staff/api/claims/${id}`, { token: staff.idToken })).json());
    expect(detail.history.map((change) => [change.fromStatus, change.toStatus, change.changedBy, change.isCustomerMailed])).toEqual([
      ['received', 'in-review', staff.email, true],
      ['in-review', 'closed', staff.email, true],
    ]);
    const closedOnly = await t.request('/staff/api/claims?status=closed', { token: staff.idToken });
    expect(v.parse(claimPageSchema, await closedOnly.json()).results.map((row) => row.claimNumber)).toEqual(['E70001']);
  });

  it('exports the matching claims as CSV', async () => {
    const response = await t.request('/staff/api/claims.csv?q=robin', { token: staff.idToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="parkfair-claims-2026-11-23\.csv"$/);
    const [header, row, end, ...rest] = (await response.text()).split('\r\n');
    expect(header).toMatch(/^Claim Number,Status,Received,Location,/);
    expect(row).toMatch(/^E70002,received,/);
    expect([end, rest]).toEqual(['', []]);
  });
});
