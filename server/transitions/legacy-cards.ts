/**
 * The old (Secom) system's monthly customers (table legacy_monthly_access_cards, migration 0099):
 * a transition moves an access card online only when the card is on file at that garage with the
 * phone number given (decision 0113). Both are asked because the card alone is 4 digits: with the
 * phone, a guess has to hit one of the garage's customers and their phone at once; the guesses
 * themselves are slowed per account (server/lib/guess-limit.ts).
 */
import type { Db } from '../db/client.ts';

/** The phone as the old system keeps it: digits only, the last 10 (a leading +1 dropped). */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '').slice(-10);

export async function isLegacyCardOnFile(db: Db, locationId: number, accessCard: string, phone: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from legacy_monthly_access_cards where location_id = $1 and access_card_number = $2 and phone_digits = $3',
    [locationId, accessCard, phoneDigits(phone)],
  );
  return rows.length > 0;
}

/**
 * The demo export: at every ticket-system garage, access cards 4800–4999, the customer of card
 * 4NNN on file with the phone (212) 555-0NNN. Tests and the README's demo use these.
 */
export const DEMO_LEGACY_CARDS = { first: 4800, count: 200 } as const;
export const demoLegacyPhone = (accessCard: string): string => `(212) 555-0${accessCard.slice(-3)}`;

export async function seedLegacyAccessCards(tx: Db): Promise<void> {
  await tx.query(
    `insert into legacy_monthly_access_cards (location_id, access_card_number, phone_digits)
     select l.location_id, n::text, '2125550' || lpad((n % 1000)::text, 3, '0')
     from locations l cross join generate_series($1::int, $2::int) as n
     where l.ski_data_location
     on conflict do nothing`,
    [DEMO_LEGACY_CARDS.first, DEMO_LEGACY_CARDS.first + DEMO_LEGACY_CARDS.count - 1],
  );
}
