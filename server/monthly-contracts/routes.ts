/**
 * /payments/api/monthly-contracts (spec 2 §7 Payments): the caller's monthly contracts. Mounted
 * beside the payments service on the same prefix (its own service: contracts are subscriptions,
 * not card payments). Every call verifies the ID token; no call takes a customer id, so a caller
 * only ever reaches contracts of the customer row keyed by their own uid (404 for anyone else's).
 *
 * Suspend, resume, payment and attach (spec 2 §7) belong to the monthly-subscriptions work and
 * are not served yet; the app's catch-all answers them with a 404 message.
 */
import { Hono } from 'hono';
import { monthlyContractsQuerySchema } from '../../src/contract/monthly-contracts.ts';
import type { Deps } from '../deps.ts';
import { type AuthVariables, requireUser } from '../lib/auth.ts';
import { notFound } from '../lib/http-error.ts';
import { idParam, validate } from '../lib/validate.ts';
import { type ContractRow, toMonthlyContract } from './contract-view.ts';
import { findContractOfUid, listContractsOfUid, listPeriods } from './queries.ts';

export function createMonthlyContractsApi({ db, verifyToken, now }: Deps) {
  const auth = requireUser(verifyToken);

  async function view(rows: readonly ContractRow[]) {
    const periods = await listPeriods(db, rows.map((row) => row.monthly_contract_id));
    const at = now();
    return rows.map((row) => toMonthlyContract(row, periods.filter((period) => period.monthly_contract_id === row.monthly_contract_id), at));
  }

  return new Hono<{ Variables: AuthVariables }>()
    .get('/monthly-contracts', auth, validate('query', monthlyContractsQuerySchema), async (c) => {
      const { page, pageSize } = c.req.valid('query');
      const { rows, total } = await listContractsOfUid(db, c.get('user').uid, page, pageSize);
      return c.json({ page, pageSize, totalElementCount: total, results: await view(rows) });
    })
    .get('/monthly-contracts/:id', auth, validate('param', idParam), async (c) => {
      const row = await findContractOfUid(db, c.get('user').uid, c.req.valid('param').id);
      if (!row) throw notFound('The monthly contract');
      const [contract] = await view([row]);
      return c.json(contract);
    });
}
