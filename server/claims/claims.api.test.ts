/**
 * /claims/api through the real app (issue 20, spec 3 §7): the claims location list; an anonymous
 * claim with photos stored (original + resized copy in the object store under DATA_DIR) and the
 * spec's payload rules; every refused upload — wrong type by content, too large, too many, a claim
 * the rules refuse — is a 400 with a clear message and stores nothing (no row, no file); a draft
 * sent twice with one Idempotency-Key is one claim.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, claimLocationsSchema, claimReceiptSchema, MAX_CLAIM_PHOTO_BYTES, type ClaimPayload } from '../../src/contract/claims.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let dataDir: string;
let locationId: number;
let photoJpeg: Buffer;
let photoPng: Buffer;
let submissionCounter = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'parkfair-claims-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const list = v.parse(claimLocationsSchema, await (await t.request('/claims/api/locations')).json());
  locationId = list.Results.find((row) => row.LocationNumber === '1044')?.LocationID ?? 0;
  // Noise, so the JPEG is as large as a phone photo (a flat colour would compress to a few KB).
  photoJpeg = await sharp(randomBytes(2400 * 1800 * 3), { raw: { width: 2400, height: 1800, channels: 3 } }).jpeg({ quality: 70 }).toBuffer();
  photoPng = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 40, b: 40 } } }).png().toBuffer();
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  t.clock.now = new Date('2026-11-23T19:00:00.000Z'); // 2:00 PM in New York
});

export function validClaim(overrides: Partial<ClaimPayload> = {}): ClaimPayload {
  return {
    locationID: locationId, incidentDate: '2026-11-22', reportDate: '2026-11-23', claimNumber: '20417',
    primaryPhone: '(212) 555-0142', alternatePhone: null, businessPhone: null, emailAddress: 'pat.driver@example.com',
    street: '10 Main St', city: 'New York', state: 'NY', zipCode: '10001', firstName: 'Pat', lastName: 'Driver',
    vehicleVin: '1HGCM82633A004352', vehicleState: 'NY', vehicleMake: 'Honda', vehicleModel: 'Accord', vehicleYear: '2021',
    vehicleColor: 'Blue', vehicleMileage: '21000', vehiclePlate: 'KLM4822',
    carBroughtIn: '2026-11-22T09:15:00-05:00', parkedBy: 'Luis', carCalledFor: '2026-11-22T18:40:00-05:00', deliveredBy: 'Ana',
    natureOfClaim: 'Scratch', lossDetails: 'Rear bumper', accidentDescription: 'Found a long scratch on the rear bumper at pickup.',
    attendantPossesedKeys: true, isDamagePhotographed: true, insuranceCompanyName: null, policyNumber: null, policyExpirationDateTime: null,
    liability: false, comprehensive: true, collision: false,
    ...overrides,
  };
}

function postClaim(claim: unknown, photos: { bytes: Buffer; name: string; type: string }[] = [], submissionId = `draft-${++submissionCounter}-${Date.now()}`) {
  const form = new FormData();
  form.set('claim', JSON.stringify(claim));
  for (const photo of photos) form.append('photos', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return t.request('/claims/api/claims/customers', { method: 'POST', body: form, headers: { 'Idempotency-Key': submissionId, 'X-Forwarded-For': `198.51.100.${submissionCounter % 250}` } });
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'objects');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

const claimCount = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from claims'))[0]?.n ?? 0;
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('GET /claims/api/locations', () => {
  it('lists every garage as Results with LocationID, LocationNumber and Address1', async () => {
    const response = await t.request('/claims/api/locations');
    expect(response.status).toBe(200);
    const { Results } = v.parse(claimLocationsSchema, await response.json());
    expect(Results.length).toBeGreaterThanOrEqual(40);
    expect(Results).toContainEqual({ LocationID: locationId, LocationNumber: '1044', Address1: expect.stringContaining('44th') });
  });
});

describe('POST /claims/api/claims/customers', () => {
  it('stores an anonymous claim with two photos: originals and resized copies in the object store', async () => {
    const response = await postClaim(validClaim(), [
      { bytes: photoJpeg, name: 'bumper.jpg', type: 'image/jpeg' },
      { bytes: photoPng, name: 'door.png', type: 'image/png' },
    ]);
    expect(response.status).toBe(201);
    const receipt = v.parse(claimReceiptSchema, await response.json());
    expect(receipt).toMatchObject({ claimNumber: 'E20417', photoCount: 2, message: 'Your information has been received. Please call (212) 555-0100 for more information.' });
    const [row] = await t.db.query<{ claim_number: string; car_brought_in: Date; incident_date: unknown; status: string; alternate_phone: string | null }>(
      "select claim_number, car_brought_in, to_char(incident_date, 'YYYY-MM-DD') as incident_date, status, alternate_phone from claims where claim_id = $1",
      [receipt.claimId],
    );
    expect(row).toMatchObject({ claim_number: '20417', incident_date: '2026-11-22', status: 'received', alternate_phone: null });
    expect(new Date(row?.car_brought_in ?? 0).toISOString()).toBe('2026-11-22T14:15:00.000Z'); // 9:15 AM Eastern
    const photos = await t.db.query<{ position: number; content_type: string; width: number; height: number; byte_size: number }>(
      'select position, content_type, width, height, byte_size from claim_photos where claim_id = $1 order by position', [receipt.claimId],
    );
    expect(photos).toEqual([
      { position: 1, content_type: 'image/jpeg', width: 1600, height: 1200, byte_size: photoJpeg.length },
      { position: 2, content_type: 'image/png', width: 800, height: 600, byte_size: photoPng.length },
    ]);
    expect((await storedFiles()).filter((name) => !name.endsWith('.type')).sort()).toEqual(expect.arrayContaining(['1-original', '1-viewing', '2-original', '2-viewing']));
  });

  it('takes a draft sent twice with one Idempotency-Key once, answering the same receipt', async () => {
    const before = await claimCount();
    const first = await postClaim(validClaim(), [{ bytes: photoPng, name: 'a.png', type: 'image/png' }], 'draft-twice-0001');
    const second = await postClaim(validClaim(), [{ bytes: photoPng, name: 'a.png', type: 'image/png' }], 'draft-twice-0001');
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect((await second.json()) as unknown).toEqual((await first.json()) as unknown);
    expect(await claimCount()).toBe(before + 1);
  });

  describe('refused uploads store nothing', () => {
    let filesBefore: string[];
    let claimsBefore: number;
    beforeEach(async () => {
      filesBefore = await storedFiles();
      claimsBefore = await claimCount();
    });
    const expectNothingStored = async () => {
      expect(await claimCount()).toBe(claimsBefore);
      expect(await storedFiles()).toEqual(filesBefore);
    };

    it('a file named .jpg that is not an image by its bytes', async () => {
      const response = await postClaim(validClaim(), [
        { bytes: photoJpeg, name: 'ok.jpg', type: 'image/jpeg' },
        { bytes: Buffer.from('%PDF-1.7 not a photo at all'), name: 'scratch.jpg', type: 'image/jpeg' },
      ]);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(`Photo 2: ${CLAIM_MESSAGES.photoType}`);
      await expectNothingStored();
    });

    it('a file that starts like a JPEG but does not decode', async () => {
      const response = await postClaim(validClaim(), [{ bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), name: 'x.jpg', type: 'image/jpeg' }]);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toContain('Photo 1: the image could not be read.');
      await expectNothingStored();
    });

    it('a photo over the size limit', async () => {
      const huge = Buffer.concat([photoJpeg, Buffer.alloc(MAX_CLAIM_PHOTO_BYTES + 1 - photoJpeg.length)]);
      const response = await postClaim(validClaim(), [{ bytes: huge, name: 'big.jpg', type: 'image/jpeg' }]);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(`Photo 1: ${CLAIM_MESSAGES.photoTooLarge}`);
      await expectNothingStored();
    });

    it('six photos', async () => {
      const six = Array.from({ length: 6 }, (_, index) => ({ bytes: photoPng, name: `${index}.png`, type: 'image/png' }));
      const response = await postClaim(validClaim(), six);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(CLAIM_MESSAGES.tooManyPhotos);
      await expectNothingStored();
    });

    it('a claim the form rules refuse, with a good photo', async () => {
      const response = await postClaim(validClaim({ firstName: null, vehicleVin: 'SHORT', primaryPhone: '12' }), [{ bytes: photoPng, name: 'a.png', type: 'image/png' }]);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(`${CLAIM_MESSAGES.firstNameRequired}; ${CLAIM_MESSAGES.primaryPhoneInvalid}; ${CLAIM_MESSAGES.vinLength}`);
      await expectNothingStored();
    });

    it('a car called for later than now (future date-time in Eastern time)', async () => {
      const response = await postClaim(validClaim({ carCalledFor: '2026-11-23T14:05:00-05:00' }));
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe('Car Called For cannot be in the future');
      await expectNothingStored();
    });

    it('a location that is not a garage, and a body that is neither multipart nor JSON', async () => {
      const unknown = await postClaim(validClaim({ locationID: 999_999 }));
      expect(unknown.status).toBe(400);
      expect(await messageOf(unknown)).toBe('Location not found');
      const text = await t.request('/claims/api/claims/customers', { method: 'POST', body: 'hello', headers: { 'Content-Type': 'text/plain' } });
      expect(text.status).toBe(400);
      expect(await messageOf(text)).toMatch(/multipart\/form-data/);
      await expectNothingStored();
    });
  });

  it('takes a plain JSON claim without photos, and the 64 KB default limit does not apply to this route', async () => {
    const json = await t.request('/claims/api/claims/customers', { method: 'POST', json: validClaim(), headers: { 'Idempotency-Key': 'json-claim-0001' } });
    expect(json.status).toBe(201);
    expect(((await json.json()) as { photoCount: number }).photoCount).toBe(0);
    const big = await postClaim(validClaim(), [{ bytes: photoJpeg, name: 'a.jpg', type: 'image/jpeg' }]);
    expect(photoJpeg.length).toBeGreaterThan(64 * 1024);
    expect(big.status).toBe(201);
  });
});
