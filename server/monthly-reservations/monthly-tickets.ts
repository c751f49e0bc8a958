/**
 * Monthly tickets (the access card, spec 2 §3 "Monthly ticket") and the access pass. A ticket is
 * issued once the sign-up's first month is settled — on the first read after it, which the client
 * polls (HEAD then GET, up to 30 times at 700 ms): issuing on read keeps it out of the payment's
 * transaction and makes it idempotent (one per reservation, `on conflict do nothing`).
 * `isActive`: its contract's card is on (monthly_contract_blocked, migration 0070), as the gate reads it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { ReservationRow } from './queries.ts';
import type { TicketRow } from './views.ts';

const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** An access pass shown offline stays valid for a day; the app renews it whenever it is online. */
export const BADGE_SESSION_MS = 24 * 60 * 60_000;

function newTicketNumber(): string {
  return `M${Array.from(randomBytes(6), (byte) => TICKET_ALPHABET[byte % TICKET_ALPHABET.length]).join('')}`;
}

const TICKET_SELECT = `select t.monthly_ticket_id, t.ski_data_ticket_number, t.monthly_barcode, t.location_id, t.ski_data_article, t.monthly_rate_group,
    t.monthly_reservation_id, t.check_in_utc, t.ski_data_user_id, r.form ->> 'vehicleLicensePlate' as license_plate, r.form ->> 'vehicleState' as license_state,
    coalesce(monthly_contract_blocked(mc.monthly_contract_id, now()), true) as is_blocked,
    l.address1 as location_address, l.location_number
  from monthly_tickets t
  join locations l on l.location_id = t.location_id
  join monthly_reservations r on r.monthly_reservation_id = t.monthly_reservation_id
  join monthly_contracts mc on mc.monthly_reservation_id = r.monthly_reservation_id
  join customers c on c.customer_id = r.customer_id`;

/** The reservation's access card, issued now if its first month is settled; undefined while it is not. */
export async function ensureMonthlyTicket(db: Db, reservation: ReservationRow, uid: string, now: Date): Promise<TicketRow | undefined> {
  if (reservation.monthly_contract_id === null || !reservation.first_paid) return undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const number = newTicketNumber();
    try {
      await db.query(
        `insert into monthly_tickets (monthly_reservation_id, ski_data_ticket_number, monthly_barcode, location_id, ski_data_article, monthly_rate_group, check_in_utc, ski_data_user_id, created_at)
         select r.monthly_reservation_id, $2, $3, r.location_id, coalesce(m.rate_code, 'MONTHLY'), coalesce(m.group_name, 'Regular'), mc.start_utc, 'pf-' || r.customer_id, $4
         from monthly_reservations r join monthly_contracts mc on mc.monthly_reservation_id = r.monthly_reservation_id
         left join monthly_rates m on m.monthly_rate_id = r.monthly_rate_id
         where r.monthly_reservation_id = $1
         on conflict (monthly_reservation_id) do nothing`,
        [reservation.monthly_reservation_id, number, `PFM${reservation.location_id}-${number}`, now],
      );
      break;
    } catch (error: unknown) {
      // A ticket number already taken (1 in 10^9): draw another.
      if (!(typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505')) throw error;
    }
  }
  const [row] = await db.query<TicketRow>(`${TICKET_SELECT} where c.uid = $1 and t.monthly_reservation_id = $2`, [uid, reservation.monthly_reservation_id]);
  return row;
}

export async function listTicketsOfUid(db: Db, uid: string, start: number, count: number): Promise<{ rows: TicketRow[]; total: number }> {
  const [total] = await db.query<{ n: number }>(`select count(*)::int as n ${TICKET_SELECT.slice(TICKET_SELECT.indexOf('from monthly_tickets'))} where c.uid = $1`, [uid]);
  const rows = await db.query<TicketRow>(`${TICKET_SELECT} where c.uid = $1 order by t.created_at desc, t.monthly_ticket_id desc limit $2 offset $3`, [uid, count, start]);
  return { rows, total: total?.n ?? 0 };
}

/** The caller's ticket for a plate (the registration form's), for the access pass. */
export async function findTicketOfUidByPlate(db: Db, uid: string, plate: string): Promise<TicketRow | undefined> {
  const [row] = await db.query<TicketRow>(`${TICKET_SELECT} where c.uid = $1 and upper(r.form ->> 'vehicleLicensePlate') = upper($2) order by t.created_at desc limit 1`, [uid, plate]);
  return row;
}

export async function insertBadgeSession(db: Db, input: { customerId: number; ticketId: number; plate: string; state: string; now: Date }): Promise<{ id: string; expiresAt: Date }> {
  const id = randomUUID();
  const expiresAt = new Date(input.now.getTime() + BADGE_SESSION_MS);
  await db.query(
    `insert into monthly_badge_sessions (badge_session_id, customer_id, monthly_ticket_id, license_plate, license_state, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [id, input.customerId, input.ticketId, input.plate, input.state, input.now, expiresAt],
  );
  return { id, expiresAt };
}
