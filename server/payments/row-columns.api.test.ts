/**
 * The column lists the payment, card, reservation and test-processor statements name instead of
 * `*` (so they are prepared, decision 0124) are the tables' own columns, in order: a migration
 * that adds a column to one of these tables fails here until the list names it, so no code reads
 * a column its row never carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { RESERVATION_COLUMNS } from '../reservations/queries.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { METHOD_COLUMNS, PAYMENT_COLUMNS } from './payment-store.ts';
import { CARD_COLUMNS, INTENT_COLUMNS } from './test-processor.ts';

describe('named row columns are the tables\' columns', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => db?.close());

  it.each([
    ['payments', PAYMENT_COLUMNS],
    ['customer_payment_methods', METHOD_COLUMNS],
    ['daily_reservations', RESERVATION_COLUMNS],
    ['test_processor_intents', INTENT_COLUMNS],
    ['test_processor_payment_methods', CARD_COLUMNS],
  ] as const)('%s', async (table, columns) => {
    const rows = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
      [table],
    );
    expect(rows.map((row) => row.column_name)).toEqual([...columns]);
  });
});
