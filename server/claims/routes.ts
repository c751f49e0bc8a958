/**
 * /claims/api: the customer claim report (spec 3 §7 "Claims"), anonymous.
 *   GET  /claims/api/locations         — spec's claims location list: { Results: [{ LocationID, LocationNumber, Address1 }] }
 *   POST /claims/api/claims/customers  — spec's "/api/claims/customers": the claim, with up to 5 photos
 * The POST takes multipart/form-data (the claim JSON in `claim`, photos in `photos`) or plain JSON
 * (a claim without photos). Everything is checked before anything is stored: the claim's rules
 * (checkClaim, the form's own), then every photo by its bytes; then the photos are written to the
 * object store and the claim and its photo rows are inserted in one transaction (stored objects
 * are removed again if that fails). The client's draft id in Idempotency-Key makes a draft sent
 * twice (an answer lost to a dropped signal) one claim: the second send gets the first receipt.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import {
  CLAIM_FIELD, CLAIM_MESSAGES, checkClaim, claimPayloadSchema, MAX_CLAIM_PHOTO_BYTES, MAX_CLAIM_PHOTOS, PHOTOS_FIELD,
  receivedMessage, SUBMISSION_ID_HEADER, type ClaimLocations, type ClaimReceipt,
} from '../../src/contract/claims.ts';
import { toNewYorkDate } from '../../src/contract/vehicles.ts';
import { COMPANY } from '../content/seed-data/company.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { describeIssues, findNulText, NUL_MESSAGE } from '../lib/validate.ts';
import { preparePhotos, PhotoRefused, type PreparedPhoto } from './claim-photos.ts';
import { createDiskObjectStore, createS3ObjectStore, type ObjectStore } from './object-store.ts';
import { findSubmission, insertClaim, listClaimLocations, locationExists, type StoredPhoto } from './queries.ts';

/** Five full-size photos plus the claim's JSON and the multipart framing. */
export const MAX_CLAIM_BODY_BYTES = MAX_CLAIM_PHOTOS * MAX_CLAIM_PHOTO_BYTES + 256 * 1024;

const CLAIM_LIMIT = { bucket: 'claims-submit', limit: 20, windowSeconds: 3600, message: 'Too many claims from this device. Please wait an hour or call us.' };

const SUBMISSION_ID = /^[A-Za-z0-9_-]{8,100}$/;

/** The configured store: DATA_DIR/objects, or the S3-compatible bucket of OBJECT_STORE_S3_*. */
export const claimObjectStore = ({ config }: Pick<Deps, 'config'>): ObjectStore =>
  config.objectStore.kind === 's3' ? createS3ObjectStore(config.objectStore) : createDiskObjectStore(path.join(config.dataDir, 'objects'));

type ParsedSubmission = { claimJson: unknown; files: Buffer[] };

async function readSubmission(c: Context): Promise<ParsedSubmission> {
  const type = c.req.header('Content-Type') ?? '';
  if (/^application\/json\b/i.test(type)) {
    try {
      return { claimJson: await c.req.json(), files: [] };
    } catch {
      throw new HttpError(400, 'Invalid request body: not JSON.');
    }
  }
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new HttpError(400, `Send the claim as multipart/form-data (the claim JSON in "${CLAIM_FIELD}", photos in "${PHOTOS_FIELD}") or as JSON.`);
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, 'Invalid request body: the multipart form could not be read.');
  }
  const claimText = form.get(CLAIM_FIELD);
  if (typeof claimText !== 'string') throw new HttpError(400, `Invalid request body: the "${CLAIM_FIELD}" field (the claim as JSON) is missing.`);
  const photos = form.getAll(PHOTOS_FIELD);
  if (photos.length > MAX_CLAIM_PHOTOS) throw new HttpError(400, CLAIM_MESSAGES.tooManyPhotos);
  const files: Buffer[] = [];
  for (const photo of photos) {
    if (typeof photo === 'string') throw new HttpError(400, `Invalid request body: "${PHOTOS_FIELD}" must be files.`);
    files.push(Buffer.from(await photo.arrayBuffer()));
  }
  try {
    return { claimJson: JSON.parse(claimText), files };
  } catch {
    throw new HttpError(400, `Invalid request body: "${CLAIM_FIELD}" is not JSON.`);
  }
}

async function storePhotos(store: ObjectStore, photos: readonly PreparedPhoto[]): Promise<StoredPhoto[]> {
  const folder = `claims/${randomUUID()}`;
  const stored: StoredPhoto[] = [];
  try {
    for (const [index, photo] of photos.entries()) {
      const position = index + 1;
      const entry = { position, contentType: photo.contentType, byteSize: photo.original.length, originalKey: `${folder}/${position}-original`, viewingKey: `${folder}/${position}-viewing`, width: photo.width, height: photo.height };
      await store.put(entry.originalKey, photo.original, photo.contentType);
      await store.put(entry.viewingKey, photo.viewing, 'image/jpeg');
      stored.push(entry);
    }
    return stored;
  } catch (error: unknown) {
    await removePhotos(store, stored);
    throw error;
  }
}

async function removePhotos(store: ObjectStore, photos: readonly StoredPhoto[]): Promise<void> {
  await Promise.all(photos.flatMap((photo) => [store.delete(photo.originalKey), store.delete(photo.viewingKey)]));
}

export function createClaimsApi(deps: Deps, store: ObjectStore = claimObjectStore(deps)) {
  const { db, now } = deps;
  const app = new Hono();

  app.get('/locations', async (c) => {
    const rows = await listClaimLocations(db);
    const body: ClaimLocations = { Results: rows.map((row) => ({ LocationID: row.location_id, LocationNumber: row.location_number, Address1: row.address1 })) };
    return c.json(body);
  });

  app.post(
    '/claims/customers',
    rateLimit(deps, CLAIM_LIMIT),
    bodyLimit({
      maxSize: MAX_CLAIM_BODY_BYTES,
      onError: (c) => {
        c.header('Connection', 'close');
        return c.json({ message: `The claim and its photos are larger than ${MAX_CLAIM_BODY_BYTES >> 20} MB. ${CLAIM_MESSAGES.photoTooLarge}` }, 413);
      },
    }),
    async (c) => {
      const submissionId = c.req.header(SUBMISSION_ID_HEADER) ?? randomUUID();
      if (!SUBMISSION_ID.test(submissionId)) throw new HttpError(400, `${SUBMISSION_ID_HEADER} must be 8 to 100 letters, digits, dashes or underscores.`);
      const { claimJson, files } = await readSubmission(c);
      const nulAt = findNulText(claimJson);
      if (nulAt !== undefined) throw new HttpError(400, `Invalid claim: ${nulAt ? `${nulAt}: ` : ''}${NUL_MESSAGE}`);
      const parsed = v.safeParse(claimPayloadSchema, claimJson);
      if (!parsed.success) throw new HttpError(400, `Invalid claim: ${describeIssues(parsed.issues)}`);
      const claim = parsed.output;
      const at = now();
      const errors = checkClaim(claim, at, toNewYorkDate(at));
      const messages = Object.values(errors);
      if (messages.length > 0) throw new HttpError(400, messages.join('; '));
      if (!(await locationExists(db, claim.locationID ?? 0))) throw new HttpError(400, 'Location not found');

      const receiptOf = (claimId: number, claimNumber: string, photoCount: number): ClaimReceipt => ({
        claimId, claimNumber: `E${claimNumber}`, photoCount, message: receivedMessage(COMPANY.phone),
      });
      const earlier = await findSubmission(db, submissionId);
      if (earlier) return c.json(receiptOf(earlier.claim_id, earlier.claim_number, earlier.photo_count));

      let prepared: PreparedPhoto[];
      try {
        prepared = await preparePhotos(files);
      } catch (error: unknown) {
        if (error instanceof PhotoRefused) throw new HttpError(400, error.message);
        throw error;
      }
      const stored = await storePhotos(store, prepared);
      let claimId: number | undefined;
      try {
        claimId = await insertClaim(db, submissionId, claim, stored, at);
      } catch (error: unknown) {
        await removePhotos(store, stored);
        throw error;
      }
      if (claimId === undefined) {
        // The same draft arrived twice at once and the other send won: keep its photos, not ours.
        await removePhotos(store, stored);
        const winner = await findSubmission(db, submissionId);
        if (!winner) throw new HttpError(409, CLAIM_MESSAGES.saveFailed);
        return c.json(receiptOf(winner.claim_id, winner.claim_number, winner.photo_count));
      }
      return c.json(receiptOf(claimId, claim.claimNumber ?? '', stored.length), 201);
    },
  );

  return app;
}
