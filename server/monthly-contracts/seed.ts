/**
 * The demo ticket-system user: Sam Commuter (demo-driver-2, +1 201-555-0102) parks monthly at
 * garage 3 (lot 1042, 330 W 42nd St, a ticket-system location) with the monthly ticket MTH2041
 * that the parking-system seed puts on that lot; the contract's registration form names that
 * plate. Dana Driver (demo-driver-1) has no contract and stays a plain customer.
 *
 * Deterministic and relative to `now`: the contract started on the 1st three months before this
 * month and every month up to this one is paid, so it is current whenever the database is seeded.
 * The fee is the garage's Regular monthly rate of today, with the tax of its area.
 */
import { DEMO_DRIVERS } from '../cli/demo-users.ts';
import type { Db } from '../db/client.ts';
import { listActiveMonthlyRates } from '../rates/monthly-queries.ts';
import { monthlyTaxContext } from '../rates/monthly-rate.ts';
import { dollarsToCents } from '../rates/money.ts';
import { withTax } from '../rates/taxes.ts';
import { seedLegacyAccessCards } from '../transitions/legacy-cards.ts';
import { firstOfNewYorkMonth } from './contract-view.ts';
import { insertMonthlyContract } from './queries.ts';

export const DEMO_MONTHLY_CUSTOMER_UID = 'demo-driver-2';
export const DEMO_MONTHLY_LOCATION_ID = 3;
export const DEMO_MONTHLY_TICKET = 'MTH2041';
const MONTHS_BEFORE_NOW = 3;

export async function seedMonthlyContracts(tx: Db, now: Date): Promise<void> {
  // The old system's monthly customers, who may move their cards online (monthly transitions).
  await seedLegacyAccessCards(tx);
  const driver = DEMO_DRIVERS[DEMO_MONTHLY_CUSTOMER_UID];
  // The operator knows its monthly customers before they first open the app: the customer row
  // exists (created later by the first signed-in call for everyone else).
  const [customer] = await tx.query<{ customer_id: number }>(
    `insert into customers (uid, phone, email, display_name) values ($1, $2, $3, $4)
     on conflict (uid) do update set uid = excluded.uid returning customer_id`,
    [DEMO_MONTHLY_CUSTOMER_UID, driver.phoneNumber, driver.email, driver.displayName],
  );
  if (!customer) throw new Error('demo monthly customer was not created');

  // Rates are active on New York calendar dates (en-CA formats as YYYY-MM-DD).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);
  const [rate] = (await listActiveMonthlyRates(tx, [DEMO_MONTHLY_LOCATION_ID], today)).filter((row) => row.groupName === 'Regular');
  if (!rate) throw new Error(`garage ${DEMO_MONTHLY_LOCATION_ID} has no Regular monthly rate to seed a contract with`);
  const amountCents = withTax(dollarsToCents(rate.rate), monthlyTaxContext(rate.area, { isBusiness: false, isResident: false, isTaxExempt: false }));

  const periods = Array.from({ length: MONTHS_BEFORE_NOW + 1 }, (_, index) => {
    const startUtc = firstOfNewYorkMonth(now, index - MONTHS_BEFORE_NOW);
    // Each month was charged on its 1st, a few hours after midnight.
    return { startUtc, endUtc: firstOfNewYorkMonth(startUtc, 1), paidAt: new Date(startUtc.getTime() + 5 * 3_600_000) };
  });
  const [firstName = '', lastName = ''] = driver.displayName.split(' ');
  await insertMonthlyContract(tx, {
    customerId: customer.customer_id,
    locationId: DEMO_MONTHLY_LOCATION_ID,
    monthlyRateId: rate.monthlyRateId,
    fullName: driver.displayName,
    email: driver.email,
    phoneNumber: driver.phoneNumber,
    form: {
      firstName, lastName, fullName: driver.displayName, email: driver.email, optOutEmails: false,
      street: '88 Hudson St', city: 'Hoboken', state: 'NJ', zipCode: '07030', country: 'United States', phoneNumber: driver.phoneNumber,
      vehicleBrand: 'Honda', vehicleModel: 'Civic', vehicleYear: '2021', vehicleColor: 'Gray', vehicleState: 'NJ', vehicleLicensePlate: DEMO_MONTHLY_TICKET,
      vehicleOwnerName: driver.displayName, vehicleOwnerStreet: '88 Hudson St', vehicleOwnerCity: 'Hoboken', vehicleOwnerState: 'NJ', vehicleOwnerZipCode: '07030', vehicleOwnerCountry: 'United States',
    },
    amountCents,
    startUtc: periods[0]?.startUtc ?? firstOfNewYorkMonth(now),
    createdAt: new Date((periods[0]?.startUtc ?? now).getTime() - 10 * 86_400_000),
    periods,
  });
}
