/**
 * The built-in test processor charges a saved card without a transaction (three statements): each
 * confirmation writes only if the intent still awaits a payment method. These races check that the
 * compare-and-set holds — one key charges once, and a decline that loses to a success never lands
 * on the succeeded intent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestProcessor, type TestProcessor } from './test-processor.ts';

const HOLDER = { cvc: '123', expMonth: 12, expYear: 2030, name: 'Alice Driver', zip: '10001' };
let t: TestApp;
let processor: TestProcessor;
let customerId: string;
let goodCard: string;
/** Passes enrolment, declines every charge (Stripe's 4000000000000341). */
let decliningCard: string;

/** A card saved to the customer the way the app saves one: a confirmed SetupIntent. */
async function savedCard(number: string, key: string) {
  const made = await processor.createPaymentMethod({ ...HOLDER, number });
  if (!('card' in made)) throw new Error(`test card ${number} refused: ${made.error.message}`);
  const setup = await processor.createSetupIntent({ customerId, idempotencyKey: key });
  const confirmed = await processor.confirmSetupIntent(setup.clientSecret, made.card.paymentMethodId);
  if (!confirmed.ok) throw new Error(`setup of ${number} failed: ${confirmed.error.message}`);
  return made.card.paymentMethodId;
}

/** A saved-card charge as the payment service makes one (`intentId`: a retry of a recorded intent). */
const charge = (idempotencyKey: string, paymentMethodId: string, intentId: string | null = null) =>
  processor.chargeSavedCard({ amountCents: 900, customerId, paymentMethodId, idempotencyKey, intentId, description: 'race' });

function intentIdOf(result: { intentId: string | null }) {
  if (!result.intentId) throw new Error('the charge answered no intent');
  return result.intentId;
}

const intentRow = async (intentId: string) =>
  (await t.db.query<{ status: string; last_error_message: string | null; payment_method_id: string }>(
    'select status, last_error_message, payment_method_id from test_processor_intents where intent_id = $1',
    [intentId],
  ))[0];

beforeAll(async () => {
  t = await createTestApp();
  processor = createTestProcessor(t.db, () => t.clock.now);
  customerId = await processor.createCustomer({ uid: 'test-processor-races', email: undefined });
  goodCard = await savedCard('4242424242424242', 'setup-good');
  decliningCard = await savedCard('4000000000000341', 'setup-declining');
});
afterAll(() => t.close());

describe('chargeSavedCard races', () => {
  it('two charges with one idempotency key make one intent and both answer its success', async () => {
    const [first, second] = await Promise.all([charge('race-one-key', goodCard), charge('race-one-key', goodCard)]);
    expect(first).toEqual({ outcome: 'succeeded', intentId: expect.any(String) });
    expect(second).toEqual(first);
    const rows = await t.db.query<{ n: number }>("select count(*)::int as n from test_processor_intents where idempotency_key = 'race-one-key'");
    expect(rows[0]?.n).toBe(1);
  });

  it('a retry with a declining card that races a retry with a good card never leaves a decline on the succeeded intent', async () => {
    for (let round = 0; round < 20; round += 1) {
      const first = await charge(`declined-${round}`, decliningCard);
      expect(first.outcome).toBe('declined');
      const intentId = intentIdOf(first);
      const [good, declining] = await Promise.all([charge(`declined-${round}`, goodCard, intentId), charge(`declined-${round}`, decliningCard, intentId)]);
      expect(good).toEqual({ outcome: 'succeeded', intentId });
      // The declining retry either ran first (its decline, then overwritten by the success) or lost
      // the race and answers the success the intent now holds.
      expect(['declined', 'succeeded']).toContain(declining.outcome);
      expect(await intentRow(intentId)).toEqual({ status: 'succeeded', last_error_message: null, payment_method_id: goodCard });
    }
  });

  it('a charge on an intent that is already succeeded answers the success again without writing', async () => {
    const intentId = intentIdOf(await charge('replayed', goodCard));
    expect(await charge('replayed', decliningCard, intentId)).toEqual({ outcome: 'succeeded', intentId });
    expect(await intentRow(intentId)).toEqual({ status: 'succeeded', last_error_message: null, payment_method_id: goodCard });
  });
});
