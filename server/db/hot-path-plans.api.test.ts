/**
 * Issue 39 item 5: a hot path that loses its index fails here, not three years later in
 * production. The database gets a few hundred thousand rows of history (server/testing/
 * growth-history.ts: enough that the planner prefers a sequential scan of any growing table it
 * has no index for), then the product's own query functions run against it through a Db that
 * records every statement they send; each recorded statement is EXPLAINed with its parameters
 * (a custom plan, as an unprepared statement gets) and must not read a growing table with a Seq
 * Scan; a statement the server prepares (client.ts, preparedName) is checked in its generic plan
 * too, the plan PostgreSQL may keep for every later run whatever the parameters. The statements are the real ones: the functions are imported, not copied; the
 * gate's SQL functions (monthly_access_blocked, monthly_contract_blocked) are read from pg_proc.
 *
 * Statements owned by other modules' open work are marked `owner` (issue 39's other items:
 * payments' receipts and history, reservations' overlap count and lists); they are checked like
 * the rest.
 *
 * PostgreSQL run only: PGlite plans with the same planner, but generating the rows in WASM takes
 * minutes, and the plans that matter are production's PostgreSQL ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLocations } from '../locations/queries.ts';
import { findTicketByNumber, listOpenTicketsForPlate } from '../parking-system/ticket-store.ts';
import { createPaymentService } from '../payments/payment-service.ts';
import { findMethodAndCustomer, findOpenPayment, findSucceededPayment, listPayments, listSucceededPayments } from '../payments/payment-store.ts';
import { createTestProcessor } from '../payments/test-processor.ts';
import { listReceipts } from '../reports/queries.ts';
import { claimConfirmationMail } from '../reservations/confirmation-mail.ts';
import { countHeldSpaces, findReservation, listReservations, markConfirmed } from '../reservations/queries.ts';
import { registerReservationPayable } from '../reservations/reservation-payable.ts';
import { addLiveRows, customerUid, generateHistory, type LiveRows } from '../testing/growth-history.ts';
import { registerTicketPayable } from '../tickets/ticket-payable.ts';
import { ON_POSTGRES, openTestDatabase } from '../testing/test-db.ts';
import { type Db, preparedName } from './client.ts';

const NOW = new Date('2026-12-06T17:00:00Z');
const TAG = 7;

/** Tables that grow with the years of business; a Seq Scan of any of them on a hot path fails. */
const GROWING = new Set([
  'garage_tickets', 'ticket_events', 'car_calls', 'payments', 'payment_refunds', 'idempotency_keys', 'customers', 'customer_payment_methods',
  'daily_reservations', 'rate_instances', 'aggregator_reservations', 'monthly_reservations', 'monthly_contracts', 'monthly_contract_periods',
  'monthly_billing_charges', 'vehicles',
]);

type Recorded = { sql: string; params: readonly unknown[] };

/** A Db that runs every statement for real and keeps what it sent. */
function recording(db: Db, into: Recorded[]): Db {
  return {
    kind: db.kind,
    query: (sql, params = []) => {
      into.push({ sql, params });
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction((tx) => work(recording(tx, into))),
    close: () => db.close(),
  };
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

const indexesRead = (node: PlanNode): string[] => [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesRead)];

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] && GROWING.has(node['Relation Name']) ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/**
 * The generic plan of a statement the server prepares: the one PostgreSQL keeps for every run once
 * it judges it no dearer than planning each time (plan_cache_mode forces it here). The parameters'
 * types are the ones PostgreSQL infers when preparing it, as for the server's named statements.
 */
let planChecks = 0;
async function genericPlan(db: Db, sql: string, params: readonly unknown[]): Promise<PlanNode | undefined> {
  // A prepared statement outlives a rolled-back transaction: each check prepares its own name.
  const name = `pf_plan_check_${(planChecks += 1)}`;
  return db.transaction(async (tx) => {
    await tx.exec('set local plan_cache_mode = force_generic_plan');
    await tx.exec(`prepare ${name} as ${sql}`);
    const [prepared] = await tx.query<{ types: string[] }>('select parameter_types::text[] as types from pg_prepared_statements where name = $1', [name]);
    // EXECUTE takes its arguments as SQL text: each parameter as node-postgres sends it, quoted.
    const args: string[] = [];
    for (const [i, value] of params.entries()) {
      const [quoted] = await tx.query<{ literal: string }>('select quote_nullable($1::text) as literal', [value]);
      args.push(`${quoted?.literal ?? 'null'}::${prepared?.types[i] ?? 'text'}`);
    }
    const [plan] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) execute ${name}(${args.join(', ')})`);
    await tx.exec(`deallocate ${name}`);
    return plan?.['QUERY PLAN'][0].Plan;
  });
}

/** A SQL function's body from pg_proc, its named parameters as $1, $2… (the real SQL, not a copy). */
async function functionBody(db: Db, name: string, argNames: string[]): Promise<string> {
  const [row] = await db.query<{ prosrc: string }>('select prosrc from pg_proc where proname = $1', [name]);
  if (!row) throw new Error(`no function ${name}`);
  return argNames.reduce((sql, arg, i) => sql.replaceAll(new RegExp(`\\b${arg}\\b`, 'g'), `$${i + 1}`), row.prosrc);
}

type HotPath = { name: string; owner?: 'capacity' | 'idempotency'; run: (db: Db) => Promise<unknown> };

describe.skipIf(!ON_POSTGRES)('hot paths read growing tables through an index (PostgreSQL run; PGlite: see the header)', () => {
  let db: Db;
  let live: LiveRows;
  const uid = customerUid(TAG, 17);
  const ticketOf = (n: number) => `9${TAG.toString().padStart(2, '0')}${String(n).padStart(20, '0')}`;
  let reservationId = 0;
  let methodId = 0;
  const plans = new Map<string, Recorded[]>();

  const paths: HotPath[] = [
    { name: 'ticket pricing by number (paper ticket)', run: (rec) => findTicketByNumber(rec, live.paperTickets[0] ?? '') },
    { name: 'ticket pricing by number (monthly ticket)', run: (rec) => findTicketByNumber(rec, live.monthlyTickets[0] ?? '') },
    {
      name: "monthly ticket: the gate's question monthly_access_blocked (migration 0097)",
      run: async (rec) => {
        const [ticket] = await db.query<{ location_id: number; license_plate: string }>('select location_id, license_plate from garage_tickets where ticket_number = $1', [live.monthlyTickets[0]]);
        return rec.query(await functionBody(db, 'monthly_access_blocked', ['p_location_id', 'p_plate', 'p_at']), [ticket?.location_id, ticket?.license_plate, NOW]);
      },
    },
    {
      name: 'monthly ticket: monthly_contract_blocked (migration 0070)',
      run: async (rec) => rec.query(await functionBody(db, 'monthly_contract_blocked', ['p_contract_id', 'p_at']), [1, NOW]),
    },
    { name: 'tickets by plate', run: (rec) => listOpenTicketsForPlate(rec, live.plates[0] ?? '') },
    { name: 'receipts of a payable (listSucceededPayments)', owner: 'idempotency', run: (rec) => listSucceededPayments(rec, `ticket:${ticketOf(35)}`) },
    { name: 'payment history, first page', owner: 'idempotency', run: (rec) => listPayments(rec, uid, 0, 20) },
    { name: 'payment history, a late page', owner: 'idempotency', run: (rec) => listPayments(rec, uid, 40, 20) },
    { name: 'receipts, first page (numbered pages by offset, decision 0114)', run: (rec) => listReceipts(rec, uid, 0, 20) },
    { name: 'receipts, a late page', run: (rec) => listReceipts(rec, uid, 40, 20) },
    { name: 'active reservations', owner: 'capacity', run: (rec) => listReservations(rec, uid, 'active', NOW, 0, 20) },
    { name: 'completed reservations, a late page', run: (rec) => listReservations(rec, uid, 'completed', NOW, 20, 20) },
    {
      name: 'create a reservation: overlap count',
      owner: 'capacity',
      run: (rec) => countHeldSpaces(rec, { locationId: 1, entry: new Date(NOW.getTime() + 86_400_000), exit: new Date(NOW.getTime() + 90_000_000), ownerUid: uid, now: NOW }),
    },
    {
      name: 'charge a saved card for a reservation: reservation, card and payments lookups, the confirm, the confirmation mail',
      run: async (rec) => {
        await findReservation(rec, uid, reservationId);
        await findMethodAndCustomer(rec, uid, methodId);
        await findOpenPayment(rec, `reservation:${reservationId}`);
        // A hold that would have to run past the year 275760: the statement runs and writes nothing.
        await markConfirmed(rec, reservationId, null, NOW, new Date(8.64e15));
        // After the payment: the mail's claim reads the reservation, its customer, rate and garage (already mailed: writes nothing).
        await claimConfirmationMail(rec, reservationId, NOW);
        return findSucceededPayment(rec, `reservation:${reservationId}`);
      },
    },
    {
      name: 'charge a saved card for a ticket: ticket, card and payments lookups',
      run: async (rec) => {
        await findTicketByNumber(rec, live.paperTickets[1] ?? '');
        await findMethodAndCustomer(rec, uid, methodId);
        await findOpenPayment(rec, `ticket:${live.paperTickets[1]}`);
        return findSucceededPayment(rec, `ticket:${live.paperTickets[1]}`);
      },
    },
    // The whole charge as the route runs it (payment service, payable, idempotent recording on the
    // ticket or reservation), on the built-in test processor: every statement of ours it sends.
    { name: 'charge a saved card for a reservation: the whole charge', run: (rec) => chargeWith(rec, `reservation:${pendingReservationId}`) },
    { name: 'charge a saved card for a ticket: the whole charge', run: (rec) => chargeWith(rec, `ticket:${claimedTicket}`) },
    { name: 'the locations list', run: (rec) => listLocations(rec) },
  ];
  let pendingReservationId = 0;
  let claimedTicket = '';
  async function chargeWith(rec: Db, systemEntityId: string) {
    const service = createPaymentService({ db: rec, now: () => NOW, provider: createTestProcessor(db, () => NOW) });
    const outcome = await service.charge({ uid, email: undefined, phoneNumber: undefined }, methodId, { systemEntityId });
    if (!outcome.ok) throw new Error(`the charge of ${systemEntityId} was declined: ${outcome.error.message}`);
    return outcome;
  }

  beforeAll(async () => {
    db = await openTestDatabase();
    const counts = { customers: 1_000, tickets: 80_000, payments: 40_000, idempotencyKeys: 30_000, reservations: 30_000, contracts: 4_000 };
    await generateHistory(db, { tag: TAG, from: new Date(NOW.getTime() - 3 * 365 * 86_400_000), to: NOW, counts });
    // The customers' cars (growth-history.ts makes none): two each, as the vehicles list holds them.
    await db.query(
      `insert into vehicles (owner_uid, license_plate, original_license_plate, vehicle_type_id, make, model, country, state, color, year, created_at, updated_at)
       select 'growth-${TAG}-' || (1 + g % $1::int), 'V${TAG}P' || g, 'V${TAG}P' || g, 1, 'Honda', 'Civic', 'US', 'NY', 'Blue', 2020, $2, $2
       from generate_series(1, 2 * $1::int) g`,
      [counts.customers, NOW],
    );
    live = await addLiveRows(db, TAG, NOW, 5);
    const [reservation] = await db.query<{ reservation_id: number }>('select reservation_id from daily_reservations where owner_uid = $1 order by reservation_id desc limit 1', [uid]);
    const [method] = await db.query<{ customer_payment_method_id: number }>('select customer_payment_method_id from customer_payment_methods where owner_uid = $1', [uid]);
    reservationId = reservation?.reservation_id ?? 0;
    methodId = method?.customer_payment_method_id ?? 0;
    // What the whole charges pay: a reservation held for the customer, a ticket on the lot they claimed.
    registerTicketPayable();
    registerReservationPayable({ onConfirmed: () => {}, onPaidAfterCancel: () => {} });
    const [pending] = await db.query<{ reservation_id: number }>(
      `with ri as (insert into rate_instances (rate_instance_id, location_id, rate_id, entry_time_utc, exit_time_utc, rate_duration, price, tax, rate_with_tax,
                     service_fee_amount, oversize_rate, oversize_surcharge, oversized_service_fee_amount, no_oversized, rate_message, time_description, is_event_rate, created_at)
                   values (md5('plans-pending')::uuid, 1, 1, $2::timestamptz + interval '1 day', $2::timestamptz + interval '1 day 3 hours', 180, 20, 3.7, 23.7, 2, 0, 0, 0, true, '', '', false, $2)
                   returning rate_instance_id, entry_time_utc, exit_time_utc)
       insert into daily_reservations (owner_uid, rate_instance_id, location_id, is_oversized, confirmation_number, amount_cents, status, created_at, entry_time_utc, exit_time_utc, hold_expires_at)
       select $1, rate_instance_id, 1, false, 'PF-0000-PLAN', 2570, 'pending', $2, entry_time_utc, exit_time_utc, $2::timestamptz + interval '10 minutes' from ri
       returning reservation_id`,
      [uid, NOW],
    );
    pendingReservationId = pending?.reservation_id ?? 0;
    claimedTicket = live.paperTickets[2] ?? '';
    await db.query('update garage_tickets set customer_uid = $1 where ticket_number = $2', [uid, claimedTicket]);
    for (const path of paths) {
      const recorded: Recorded[] = [];
      await path.run(recording(db, recorded));
      plans.set(path.name, recorded);
    }
  }, 300_000);
  afterAll(async () => db?.close());

  it('the history is there (otherwise every plan would be trivially fine)', async () => {
    const [row] = await db.query<{ tickets: number; payments: number; reservations: number; vehicles: number }>(
      `select (select count(*)::int from garage_tickets) as tickets, (select count(*)::int from payments) as payments, (select count(*)::int from daily_reservations) as reservations,
         (select count(*)::int from vehicles) as vehicles`,
    );
    expect(row?.tickets).toBeGreaterThanOrEqual(80_000);
    expect(row?.payments).toBeGreaterThanOrEqual(40_000);
    expect(row?.reservations).toBeGreaterThanOrEqual(30_000);
    expect(row?.vehicles).toBeGreaterThanOrEqual(2_000);
  });

  // The attack: drop an index a path needs (in a transaction rolled back afterwards, so the other
  // tests keep it) and the same check must see the Seq Scan.
  it.each([
    ['monthly_reservations_by_location_plate', "monthly ticket: the gate's question monthly_access_blocked (migration 0097)", 'monthly_reservations'],
    ['ticket_events_by_ticket', 'ticket pricing by number (paper ticket)', 'ticket_events'],
    // A reservation's refund is read by its payment id (decision 0119: not a hash join over every refund).
    ['payment_refunds_payment_id_key', 'completed reservations, a late page', 'payment_refunds'],
    ['vehicles_by_plate', 'charge a saved card for a ticket: the whole charge', 'vehicles'],
  ])('the check sees a missing index: without %s, "%s" reads %s with a Seq Scan', async (index, pathName, table) => {
    const rolledBack = new Error('rolled back');
    const scans: string[] = [];
    await db.transaction(async (tx) => {
      // A unique constraint's index goes with its constraint.
      await tx.exec(index.endsWith('_key') ? `alter table ${table} drop constraint ${index}` : `drop index ${index}`);
      for (const { sql, params } of plans.get(pathName) ?? []) {
        const [plan] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${sql}`, params);
        if (plan) scans.push(...seqScans(plan['QUERY PLAN'][0].Plan));
      }
      throw rolledBack;
    }).catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
    expect(scans).toContain(table);
  });

  // Decision 0119 keeps ticket history in one indexed table: what the gate's reads of it cost on
  // this history (database execution time, median of 5, every statement of the path) and the
  // indexes they read, printed for the record. Reads only (EXPLAIN ANALYZE runs the statement).
  it.each([
    'ticket pricing by number (paper ticket)', 'ticket pricing by number (monthly ticket)', 'tickets by plate', 'receipts of a payable (listSucceededPayments)',
  ])('ticket history stays indexed: %s reads it through indexes (figures printed)', async (name) => {
    let total = 0;
    const indexes = new Set<string>();
    for (const { sql, params } of plans.get(name) ?? []) {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const [plan] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(`explain (analyze, format json) ${sql}`, params);
        if (!plan) continue;
        times.push(plan['QUERY PLAN'][0]['Execution Time']);
        for (const index of indexesRead(plan['QUERY PLAN'][0].Plan)) indexes.add(index);
      }
      total += times.sort((a, b) => a - b)[2] ?? NaN;
    }
    console.log(`[plans] ${name}: ${total.toFixed(2)} ms in the database over ${(plans.get(name) ?? []).length} statements; indexes ${[...indexes].join(', ')}`);
    expect(indexes.size).toBeGreaterThan(0);
  });

  it.each(paths.map((path) => [path.owner ? `${path.name} [${path.owner}]` : path.name, path] as const))('%s', async (_name, path) => {
    const recorded = plans.get(path.name) ?? [];
    expect(recorded.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const { sql, params } of recorded) {
      const [plan] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${sql}`, params);
      const scans = plan ? seqScans(plan['QUERY PLAN'][0].Plan) : [];
      if (scans.length > 0) found.push(`Seq Scan on ${scans.join(', ')} in: ${sql.replace(/\s+/g, ' ').slice(0, 240)}`);
      const generic = preparedName(sql, params) ? await genericPlan(db, sql, params) : undefined;
      const genericScans = generic ? seqScans(generic) : [];
      if (genericScans.length > 0) found.push(`Seq Scan on ${genericScans.join(', ')} in the generic plan of: ${sql.replace(/\s+/g, ' ').slice(0, 240)}`);
    }
    expect(found).toEqual([]);
  });

  // The attack on the generic plans: without the index on a ticket's events, the generic plan of
  // the ticket's read must show the Seq Scan as well (so the check reads generic plans at all).
  it('the generic-plan check sees a missing index: without ticket_events_by_ticket, the prepared ticket read scans ticket_events', async () => {
    const rolledBack = new Error('rolled back');
    const scans: string[] = [];
    const statements = (plans.get('ticket pricing by number (paper ticket)') ?? []).filter(({ sql, params }) => preparedName(sql, params));
    expect(statements.length).toBeGreaterThan(0);
    await db.transaction(async (tx) => {
      await tx.exec('drop index ticket_events_by_ticket');
      for (const { sql, params } of statements) {
        const plan = await genericPlan(tx, sql, params);
        if (plan) scans.push(...seqScans(plan));
      }
      throw rolledBack;
    }).catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
    expect(scans).toContain('ticket_events');
  });
});
