/**
 * /payments/api/monthly-contracts (spec 2 §7 Payments): the caller's monthly contracts. Mounted
 * beside the payments service on the same prefix (its own service: contracts are subscriptions,
 * not card payments). Every call verifies the ID token; no call takes a customer id, so a caller
 * only ever reaches contracts of the customer row keyed by their own uid (404 for anyone else's).
 *
 * The actions (spec 2 §7: details, payment, suspend, resume, payment-methods/{pmId}/attach) are in
 * actions.ts; every one answers the contract as it now is.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { monthlyContractPaymentBodySchema, monthlyContractsQuerySchema } from '../../src/contract/monthly-contracts.ts';
import { PAYMENT_MESSAGES } from '../../src/contract/payments.ts';
import { registerMonthlyPeriodPayable } from '../billing/period-payable.ts';
import type { Deps } from '../deps.ts';
import { type AuthVariables, requireUser } from '../lib/auth.ts';
import { handleError, notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { createPaymentProvider } from '../payments/create-provider.ts';
import { idempotencyKeys } from '../payments/idempotency.ts';
import { createPaymentService, PaymentConflict } from '../payments/payment-service.ts';
import { ProviderUnavailableError } from '../payments/provider.ts';
import { createContractActions } from './actions.ts';
import { type ContractRow, toMonthlyContract } from './contract-view.ts';
import { findContractOfUid, listContractsOfUid, listPeriods } from './queries.ts';

const idDigits = (name: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${name} must be a positive whole number`), v.transform(Number));
const attachParams = v.object({ id: idDigits('id'), pmId: idDigits('pmId') });

export function createMonthlyContractsApi(deps: Deps) {
  const { db, verifyToken, now } = deps;
  const auth = requireUser(verifyToken);
  const idempotent = idempotencyKeys(db, now);
  registerMonthlyPeriodPayable();
  const { provider } = createPaymentProvider(deps);
  const actions = provider ? createContractActions({ db, now, payments: createPaymentService({ db, now, provider }) }) : undefined;
  const withActions = () => {
    if (!actions) throw new ProviderUnavailableError('no card processor is configured');
    return actions;
  };

  async function ownView(uid: string, contractId: number) {
    const row = await findContractOfUid(db, uid, contractId);
    if (!row) throw notFound('The monthly contract');
    const [contract] = await view([row]);
    return contract;
  }

  async function view(rows: readonly ContractRow[]) {
    const periods = await listPeriods(db, rows.map((row) => row.monthly_contract_id));
    const at = now();
    return rows.map((row) => toMonthlyContract(row, periods.filter((period) => period.monthly_contract_id === row.monthly_contract_id), at));
  }

  return new Hono<{ Variables: AuthVariables }>()
    .onError((error, c) => {
      if (error instanceof PaymentConflict) return c.json({ message: error.message, ...(error.paymentId ? { paymentId: error.paymentId } : {}) }, 409);
      if (error instanceof ProviderUnavailableError) return c.json({ message: PAYMENT_MESSAGES.processorUnavailable }, 503);
      return handleError(error, c);
    })
    .get('/monthly-contracts', auth, validate('query', monthlyContractsQuerySchema), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      const { rows, total } = await listContractsOfUid(db, c.get('user').uid, page, pageSize, now());
      return c.json({ page, pageSize, totalElementCount: total, results: await view(rows) });
    })
    .get('/monthly-contracts/:id', auth, validate('param', idParam), async (c) => {
      return c.json(await ownView(c.get('user').uid, c.req.valid('param').id));
    })
    // HEAD then GET (spec 2 §7): 202 while a charge of one of its months runs, 200 once settled.
    .get('/monthly-contracts/:id/details', auth, validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      const contract = await ownView(c.get('user').uid, id);
      return c.json(contract, (await withActions().isSettling(id)) ? 202 : 200);
    })
    .post('/monthly-contracts/:id/suspend', auth, idempotent, validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await withActions().suspend(c.get('user').uid, id);
      return c.json(await ownView(c.get('user').uid, id));
    })
    .post('/monthly-contracts/:id/resume', auth, idempotent, validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await withActions().resume(c.get('user').uid, id);
      return c.json(await ownView(c.get('user').uid, id));
    })
    .post('/monthly-contracts/:id/payment-methods/:pmId/attach', auth, idempotent, validate('param', attachParams), async (c) => {
      const { id, pmId } = c.req.valid('param');
      await withActions().attach(c.get('user').uid, id, pmId);
      return c.json(await ownView(c.get('user').uid, id));
    })
    // The balance: every due month with one saved card; 402 with the processor's message on a decline.
    .post('/monthly-contracts/:id/payment', auth, idempotent, validate('param', idParam), validate('json', monthlyContractPaymentBodySchema), async (c) => {
      const { id } = c.req.valid('param');
      const outcome = await withActions().payBalance(c.get('user'), id, c.req.valid('json').customerPaymentMethodId);
      if (!outcome.ok) {
        const { message, code, declineCode } = outcome.error;
        return c.json({ message, code, ...(declineCode ? { declineCode } : {}), paymentId: outcome.paymentId }, 402);
      }
      return c.json(await ownView(c.get('user').uid, id));
    });
}
