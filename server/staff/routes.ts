/**
 * /staff/api: the claims desk and the garage managers (issue 20). Every call needs a staff
 * account (Firebase custom claim `staff`, `npm run staff -- add <email>`): no or a bad token is
 * 401, a customer's token 403 (requireStaff, server/lib/auth.ts).
 *   GET  /staff/api/me                                      — who is signed in (the /staff pages' gate)
 *   GET  /staff/api/claims?status&q&locationNumber&from&to&page&pageSize — listed, filtered, searched, newest first
 *   GET  /staff/api/claims.csv?…same filters               — every matching claim as CSV
 *   GET  /staff/api/claims/:id                              — the claim, its photos and its status history
 *   GET  /staff/api/claims/:id/photos/:position/:variant    — a photo: `viewing` (resized JPEG) or `original`
 *   POST /staff/api/claims/:id/status { status, note? }     — received → in-review → closed (closed → in-review reopens); mailed to the customer
 *   GET  /staff/api/transitions?q                           — monthly-account transitions, newest first (the latest 500), searched
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CLAIM_STATUSES, canMoveClaim, claimStatusBodySchema, type ClaimDetail, type ClaimSummary } from '../../src/contract/staff.ts';
import type { StaffTransition } from '../../src/contract/monthly-transition.ts';
import { isoDateSchema } from '../../src/contract/paged.ts';
import { claimObjectStore } from '../claims/routes.ts';
import type { ObjectStore } from '../claims/object-store.ts';
import type { Deps } from '../deps.ts';
import { requireStaff, type AuthVariables } from '../lib/auth.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { CLAIM_COLUMNS, claimsCsv } from './claim-export.ts';
import { listTransitions } from '../transitions/queries.ts';
import { claimStatusMessage } from './claim-mail.ts';
import { findClaim, listClaimPhotos, listClaims, listStatusChanges, moveClaim, type ClaimRow } from './claim-queries.ts';

const textOrNumber = v.union([v.string(), v.number()]);
const filterSchema = v.object({
  status: v.optional(v.picklist(CLAIM_STATUSES, `status must be one of ${CLAIM_STATUSES.join(', ')}`)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'q must be at most 100 characters'))),
  locationNumber: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'locationNumber must be digits'))),
  from: v.optional(isoDateSchema),
  to: v.optional(isoDateSchema),
});
const pageQuery = v.object({
  ...filterSchema.entries,
  page: v.optional(v.pipe(textOrNumber, v.transform(String), v.regex(/^\d{1,6}$/, 'page must be a whole number'), v.transform(Number)), 0),
  pageSize: v.optional(v.pipe(textOrNumber, v.transform(String), v.regex(/^\d{1,3}$/, 'pageSize must be a whole number'), v.transform(Number), v.minValue(1, 'pageSize must be 1 to 100'), v.maxValue(100, 'pageSize must be 1 to 100')), 25),
});
const photoParam = v.object({
  ...idParam.entries,
  position: v.pipe(v.string(), v.regex(/^[1-5]$/, 'position must be 1 to 5'), v.transform(Number)),
  variant: v.picklist(['viewing', 'original'], 'variant must be viewing or original'),
});

const summaryOf = (row: ClaimRow): ClaimSummary => ({
  claimId: row.claim_id, claimNumber: `E${row.claim_number}`, status: row.status, firstName: row.first_name, lastName: row.last_name,
  emailAddress: row.email_address, locationNumber: row.location_number, address1: row.address1, incidentDate: row.incident_date,
  vehiclePlate: row.vehicle_plate, photoCount: row.photo_count, createdAt: new Date(row.created_at).toISOString(),
});

export function createStaffApi(deps: Deps, store: ObjectStore = claimObjectStore(deps), mailer: Mailer = createMailer(deps)) {
  const { db, now, verifyToken } = deps;
  const staff = requireStaff(verifyToken);
  const app = new Hono<{ Variables: AuthVariables }>();

  app.get('/me', staff, (c) => c.json({ email: c.get('user').email ?? null, isStaff: true as const }));

  app.get('/claims', staff, validate('query', pageQuery), async (c) => {
    const { page, pageSize, ...filter } = c.req.valid('query');
    const { rows, total } = await listClaims(db, filter, { page, pageSize });
    return c.json({ page, pageSize, totalElementCount: total, results: rows.map(summaryOf) });
  });

  app.get('/claims.csv', staff, validate('query', filterSchema), async (c) => {
    const { rows } = await listClaims(db, c.req.valid('query'), undefined);
    const full = await Promise.all(rows.map((row) => findClaim(db, row.claim_id)));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="parkfair-claims-${now().toISOString().slice(0, 10)}.csv"`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(claimsCsv(full.filter((row) => row !== undefined)));
  });

  app.get('/claims/:id', staff, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const row = await findClaim(db, id);
    if (!row) throw notFound(`Claim ${id}`);
    const [photos, history] = await Promise.all([listClaimPhotos(db, id), listStatusChanges(db, id)]);
    const body: ClaimDetail = {
      ...summaryOf(row),
      reportDate: row.report_date,
      fields: CLAIM_COLUMNS.map((column) => ({ label: column.label, value: column.read(row) })),
      photos: photos.map((photo) => ({ position: photo.position, width: photo.width, height: photo.height, contentType: photo.content_type, byteSize: photo.byte_size })),
      history: history.map((change) => ({
        fromStatus: change.from_status, toStatus: change.to_status, changedBy: change.changed_by, note: change.note,
        changedAt: new Date(change.changed_at).toISOString(), isCustomerMailed: change.is_customer_mailed,
      })),
    };
    return c.json(body);
  });

  app.get('/claims/:id/photos/:position/:variant', staff, validate('param', photoParam), async (c) => {
    const { id, position, variant } = c.req.valid('param');
    const photo = (await listClaimPhotos(db, id)).find((row) => row.position === position);
    const stored = photo && (await store.get(variant === 'viewing' ? photo.viewing_key : photo.original_key));
    if (!stored) throw notFound(`Photo ${position} of claim ${id}`);
    c.header('Content-Type', stored.contentType);
    c.header('Cache-Control', 'private, max-age=3600');
    if (variant === 'original') c.header('Content-Disposition', `attachment; filename="claim-${id}-photo-${position}"`);
    return c.body(new Uint8Array(stored.bytes));
  });

  app.post('/claims/:id/status', staff, validate('param', idParam), validate('json', claimStatusBodySchema), async (c) => {
    const { id } = c.req.valid('param');
    const { status, note } = c.req.valid('json');
    const row = await findClaim(db, id);
    if (!row) throw notFound(`Claim ${id}`);
    if (!canMoveClaim(row.status, status)) throw new HttpError(409, `A claim that is ${row.status} cannot move to ${status}.`);
    const user = c.get('user');
    const trimmedNote = note?.trim() || null;
    const isMoved = await moveClaim(db, {
      claimId: id, from: row.status, to: status, changedBy: user.email ?? user.uid, note: trimmedNote, isCustomerMailed: row.email_address !== null, at: now(),
    });
    if (!isMoved) throw new HttpError(409, `Claim E${row.claim_number} was changed by someone else meanwhile. Reload it and try again.`);
    if (row.email_address) {
      await mailer.send(claimStatusMessage({
        to: row.email_address, firstName: row.first_name, claimNumber: row.claim_number, address: row.address1,
        incidentDate: row.incident_date, status, note: trimmedNote,
      }));
    }
    return c.json({ claimId: id, status, isCustomerMailed: row.email_address !== null });
  });

  app.get('/transitions', staff, validate('query', v.object({ q: filterSchema.entries.q })), async (c) => {
    const rows = await listTransitions(db, c.req.valid('query').q || undefined);
    const results: StaffTransition[] = rows.map((row) => ({
      transitionId: row.monthly_transition_id, locationNumber: row.location_number, address1: row.address1,
      accessCardNumber: row.secom_access_card_number, phoneNumber: row.secom_phone_number, email: row.transition_email_address,
      fullName: `${row.form.firstName ?? ''} ${row.form.lastName ?? ''}`.trim(), vehicleLicensePlate: row.form.vehicleLicensePlate ?? '',
      monthlyContractId: row.monthly_contract_id, createdAt: new Date(row.created_at).toISOString(),
    }));
    return c.json({ results });
  });

  return app;
}
