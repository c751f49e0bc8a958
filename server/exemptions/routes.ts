/**
 * Exemption and resident-rate requests (issue 37 item 4, decision 0104).
 * Customer, mounted on /payments/api beside the monthly contracts (only the caller's contract; 404 otherwise):
 *   GET  /payments/api/monthly-contracts/:id/exemption   — the latest request and the credit left
 *   POST /payments/api/monthly-contracts/:id/exemption   — multipart: `claim` (tax-exempt | resident;
 *        optional when the sign-up already made the claim) and 1–3 `proof` files (image or PDF)
 * Staff, mounted on /staff/api (requireStaff: 401 without a token, 403 for a customer):
 *   GET  /staff/api/exemptions?status=pending                         — requests, oldest first
 *   GET  /staff/api/exemptions/:id                                    — one request
 *   GET  /staff/api/exemptions/:id/proofs/:position/:variant          — a proof file (viewing | original)
 *   POST /staff/api/exemptions/:id/decision { decision: approve } | { decision: reject, reason }
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import {
  EXEMPTION_CLAIM_FIELD, EXEMPTION_CLAIMS, EXEMPTION_MESSAGES, EXEMPTION_PROOF_FIELD, EXEMPTION_STATUSES, exemptionDecisionBodySchema,
  MAX_EXEMPTION_PROOF_BYTES, MAX_EXEMPTION_PROOFS, type ContractExemption, type ExemptionClaim,
} from '../../src/contract/exemptions.ts';
import type { ObjectStore } from '../claims/object-store.ts';
import { claimObjectStore } from '../claims/routes.ts';
import type { Deps } from '../deps.ts';
import { requireStaff, requireUser, type AuthVariables } from '../lib/auth.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { findContractOfUid } from '../monthly-contracts/queries.ts';
import { prepareProofs, type PreparedProof } from './proof-files.ts';
import {
  creditRemainingCents, decide, findForStaff, latestRequestOfContract, listForStaff, listProofs, submitProof, toExemptionRequest, toStaffExemption,
  type StoredProof,
} from './service.ts';

/** Three full-size files plus the multipart framing. */
export const MAX_EXEMPTION_BODY_BYTES = MAX_EXEMPTION_PROOFS * MAX_EXEMPTION_PROOF_BYTES + 64 * 1024;

async function readUpload(c: Context): Promise<{ claim: ExemptionClaim | undefined; files: Buffer[] }> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? '')) {
    throw new HttpError(400, `Send the proof as multipart/form-data (files in "${EXEMPTION_PROOF_FIELD}", the claim in "${EXEMPTION_CLAIM_FIELD}").`);
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, 'Invalid request body: the multipart form could not be read.');
  }
  const claimText = form.get(EXEMPTION_CLAIM_FIELD);
  let claim: ExemptionClaim | undefined;
  if (claimText !== null) {
    const parsed = v.safeParse(v.picklist(EXEMPTION_CLAIMS), claimText);
    if (!parsed.success) throw new HttpError(400, EXEMPTION_MESSAGES.claimInvalid);
    claim = parsed.output;
  }
  const entries = form.getAll(EXEMPTION_PROOF_FIELD);
  if (entries.length > MAX_EXEMPTION_PROOFS) throw new HttpError(400, EXEMPTION_MESSAGES.tooManyProofs);
  const files: Buffer[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') throw new HttpError(400, `Invalid request body: "${EXEMPTION_PROOF_FIELD}" must be files.`);
    files.push(Buffer.from(await entry.arrayBuffer()));
  }
  return { claim, files };
}

async function storeProofs(store: ObjectStore, proofs: readonly PreparedProof[]): Promise<StoredProof[]> {
  const folder = `exemptions/${randomUUID()}`;
  const stored: StoredProof[] = [];
  try {
    for (const [index, proof] of proofs.entries()) {
      const position = index + 1;
      const entry: StoredProof = { position, contentType: proof.contentType, byteSize: proof.original.length, originalKey: `${folder}/${position}-original`, viewingKey: proof.viewing ? `${folder}/${position}-viewing` : null };
      await store.put(entry.originalKey, proof.original, proof.contentType);
      if (proof.viewing && entry.viewingKey) await store.put(entry.viewingKey, proof.viewing, 'image/jpeg');
      stored.push(entry);
    }
    return stored;
  } catch (error: unknown) {
    await removeProofs(store, stored);
    throw error;
  }
}

async function removeProofs(store: ObjectStore, proofs: readonly StoredProof[]): Promise<void> {
  await Promise.all(proofs.flatMap((proof) => [store.delete(proof.originalKey), ...(proof.viewingKey ? [store.delete(proof.viewingKey)] : [])]));
}

export function createExemptionsApi(deps: Deps, store: ObjectStore = claimObjectStore(deps)) {
  const { db, now, verifyToken } = deps;
  const auth = requireUser(verifyToken);

  async function ownContract(uid: string, id: number) {
    const contract = await findContractOfUid(db, uid, id);
    if (!contract) throw notFound('The monthly contract');
    return contract;
  }

  async function view(contractId: number): Promise<ContractExemption> {
    const request = await latestRequestOfContract(db, contractId);
    const proofs = request ? await listProofs(db, [request.exemption_request_id]) : [];
    return { request: request ? toExemptionRequest(request, proofs) : null, creditRemaining: (await creditRemainingCents(db, contractId)) / 100 };
  }

  return new Hono<{ Variables: AuthVariables }>()
    .get('/monthly-contracts/:id/exemption', auth, validate('param', idParam), async (c) => {
      const contract = await ownContract(c.get('user').uid, c.req.valid('param').id);
      return c.json(await view(contract.monthly_contract_id));
    })
    .post(
      '/monthly-contracts/:id/exemption',
      auth,
      validate('param', idParam),
      bodyLimit({
        maxSize: MAX_EXEMPTION_BODY_BYTES,
        onError: (c) => {
          c.header('Connection', 'close');
          return c.json({ message: `The proof is larger than ${MAX_EXEMPTION_BODY_BYTES >> 20} MB. ${EXEMPTION_MESSAGES.proofTooLarge}` }, 413);
        },
      }),
      async (c) => {
        // Whose contract first: another customer's is a 404 before a byte of the body is read.
        const contract = await ownContract(c.get('user').uid, c.req.valid('param').id);
        const { claim, files } = await readUpload(c);
        const prepared = await prepareProofs(files);
        const stored = await storeProofs(store, prepared);
        let requestId: number | undefined;
        try {
          requestId = await submitProof(db, {
            contractId: contract.monthly_contract_id, customerId: contract.customer_id, reservationId: contract.monthly_reservation_id, claim, proofs: stored, now: now(),
          });
        } catch (error: unknown) {
          await removeProofs(store, stored);
          throw error;
        }
        if (requestId === undefined) {
          await removeProofs(store, stored);
          throw new HttpError(409, EXEMPTION_MESSAGES.alreadyOpen);
        }
        return c.json(await view(contract.monthly_contract_id), 201);
      },
    );
}

const statusQuery = v.object({ status: v.optional(v.picklist(EXEMPTION_STATUSES, `status must be one of ${EXEMPTION_STATUSES.join(', ')}`), 'pending') });
const proofParam = v.object({
  ...idParam.entries,
  position: v.pipe(v.string(), v.regex(/^[1-3]$/, `position must be 1 to ${MAX_EXEMPTION_PROOFS}`), v.transform(Number)),
  variant: v.picklist(['viewing', 'original'], 'variant must be viewing or original'),
});

export function createStaffExemptionsApi(deps: Deps, store: ObjectStore = claimObjectStore(deps)) {
  const { db, now, verifyToken } = deps;
  const staff = requireStaff(verifyToken);

  async function staffView(id: number) {
    const row = await findForStaff(db, id);
    if (!row) throw notFound(`Request ${id}`);
    return toStaffExemption(row, await listProofs(db, [id]));
  }

  return new Hono<{ Variables: AuthVariables }>()
    .get('/exemptions', staff, validate('query', statusQuery), async (c) => {
      const rows = await listForStaff(db, c.req.valid('query').status);
      const proofs = await listProofs(db, rows.map((row) => row.exemption_request_id));
      return c.json({ results: rows.map((row) => toStaffExemption(row, proofs)) });
    })
    .get('/exemptions/:id', staff, validate('param', idParam), async (c) => c.json(await staffView(c.req.valid('param').id)))
    .get('/exemptions/:id/proofs/:position/:variant', staff, validate('param', proofParam), async (c) => {
      const { id, position, variant } = c.req.valid('param');
      const proof = (await listProofs(db, [id])).find((row) => row.position === position);
      // A PDF has no viewing copy: its original is what staff read.
      const key = proof && (variant === 'viewing' ? proof.viewing_key ?? proof.original_key : proof.original_key);
      const stored = key ? await store.get(key) : undefined;
      if (!stored) throw notFound(`Proof ${position} of request ${id}`);
      c.header('Content-Type', stored.contentType);
      c.header('Cache-Control', 'private, no-store');
      c.header('X-Content-Type-Options', 'nosniff');
      if (variant === 'original' || stored.contentType === 'application/pdf') c.header('Content-Disposition', `attachment; filename="exemption-${id}-proof-${position}${stored.contentType === 'application/pdf' ? '.pdf' : ''}"`);
      return c.body(new Uint8Array(stored.bytes));
    })
    .post('/exemptions/:id/decision', staff, validate('param', idParam), validate('json', exemptionDecisionBodySchema), async (c) => {
      const { id } = c.req.valid('param');
      const user = c.get('user');
      await decide(db, id, c.req.valid('json'), user.email ?? user.uid, now());
      return c.json(await staffView(id));
    });
}
