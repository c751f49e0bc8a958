/**
 * `npm run validations -- <command>`: merchant validation for an operator at a terminal, on the
 * configured database (DATA_DIR's PGlite, or DATABASE_URL), with the same rules as /validations/api.
 * PGlite belongs to one process: stop `npm start` first (PostgreSQL is fine beside running servers).
 *   add-merchant --name "Bryant Park Bistro" --locations 1,2 --value full|percent:50|amount:5.00|hours:2
 *   merchants                         every merchant, its garages, its value, whether it has a key
 *   key <merchantId>                  a new key for the merchant (shown once; the old one stops working)
 *   disable <merchantId>              the merchant's key and unspent codes stop working
 *   issue <merchantId> [--ticket <ticketNumber>] [--location <locationId>]   one code, valid 24 h
 *   log [<merchantId>]                the latest 200 codes: issued, redeemed on which ticket, for how much
 */
import os from 'node:os';
import { parseConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { openDatabase } from '../db/open.ts';
import { formatMoney } from '../rates/money.ts';
import { displayValidationCode } from './codes.ts';
import { createMerchant, describeValue, disableMerchant, issueCode, listCodes, listMerchants, requireMerchant, rotateMerchantKey, type MerchantRow, type ValidationValue } from './store.ts';

const USAGE = `Usage: npm run validations -- add-merchant --name <name> --locations <id,id…> --value full|percent:<1-100>|amount:<dollars>|hours:<1-24>
       | merchants | key <merchantId> | disable <merchantId> | issue <merchantId> [--ticket <number>] [--location <id>] | log [<merchantId>]`;

class UsageError extends Error {}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

function wholeNumber(text: string | undefined, what: string): number {
  if (!text || !/^\d{1,9}$/.test(text)) throw new UsageError(`${what} must be a whole number, not "${text ?? ''}"`);
  return Number(text);
}

/** "full", "percent:50", "amount:5.00", "hours:2" → the stored value (percent, cents, hours). */
function parseValue(text: string | undefined): ValidationValue {
  const [kind, amount] = (text ?? '').toLowerCase().split(':');
  if (kind === 'full' && amount === undefined) return { valueType: 'FULL', value: 100 };
  if (kind === 'percent' && /^\d{1,3}$/.test(amount ?? '') && Number(amount) >= 1 && Number(amount) <= 100) return { valueType: 'PERCENT', value: Number(amount) };
  if (kind === 'amount' && /^\d{1,3}(\.\d{1,2})?$/.test(amount ?? '')) {
    const cents = Math.round(Number(amount) * 100);
    if (cents >= 1 && cents <= 50_000) return { valueType: 'AMOUNT', value: cents };
  }
  if (kind === 'hours' && /^\d{1,2}$/.test(amount ?? '') && Number(amount) >= 1 && Number(amount) <= 24) return { valueType: 'HOURS', value: Number(amount) };
  throw new UsageError(`--value must be full, percent:<1-100>, amount:<0.01-500> or hours:<1-24>, not "${text ?? ''}"`);
}

const describeMerchant = (m: MerchantRow) =>
  `#${m.merchant_id} ${m.name}: ${describeValue({ valueType: m.value_type, value: m.value })} at location${m.location_ids.length === 1 ? '' : 's'} ${m.location_ids.join(', ')}${m.has_key ? '' : ', no key yet'}${m.is_active ? '' : ' (disabled)'}`;

async function run(db: Db, args: string[], actor: string): Promise<void> {
  const [command, first] = args;
  const now = new Date();
  if (command === 'add-merchant') {
    const name = option(args, '--name')?.trim();
    if (!name || name.length > 100) throw new UsageError('--name is required (at most 100 characters)');
    const locationIds = (option(args, '--locations') ?? '').split(',').filter(Boolean).map((id) => wholeNumber(id, '--locations'));
    if (locationIds.length === 0 || locationIds.length > 50) throw new UsageError('--locations must list 1 to 50 location ids, e.g. 1,2');
    const { merchant, apiKey } = await createMerchant(db, { name, locationIds, value: parseValue(option(args, '--value')) }, actor, now);
    console.log(`${describeMerchant(merchant)}\nKey (shown once; the shop sends it as X-Merchant-Key): ${apiKey}`);
  } else if (command === 'merchants') {
    const merchants = await listMerchants(db);
    console.log(merchants.length ? merchants.map(describeMerchant).join('\n') : 'No validating merchants yet.');
  } else if (command === 'key') {
    const { merchant, apiKey } = await rotateMerchantKey(db, wholeNumber(first, 'merchantId'));
    console.log(`${describeMerchant(merchant)}\nNew key (shown once; the old one no longer works): ${apiKey}`);
  } else if (command === 'disable') {
    console.log(describeMerchant(await disableMerchant(db, wholeNumber(first, 'merchantId'))));
  } else if (command === 'issue') {
    const merchant = await requireMerchant(db, wholeNumber(first, 'merchantId'));
    const ticket = option(args, '--ticket')?.trim().toUpperCase();
    const location = option(args, '--location');
    const issued = await issueCode(db, merchant, { ticketNumber: ticket, locationId: location === undefined ? undefined : wholeNumber(location, '--location') }, actor, now);
    console.log(`${displayValidationCode(issued.code)}  ${describeValue({ valueType: issued.value_type, value: issued.value })}, ${issued.ticket_number ? `ticket ${issued.ticket_number}` : `location ${issued.location_ids.join(', ')}`}, until ${new Date(issued.expires_at).toISOString()}`);
  } else if (command === 'log') {
    const rows = await listCodes(db, first === undefined ? undefined : wholeNumber(first, 'merchantId'));
    for (const row of rows) {
      const spent = row.redeemed_at
        ? `redeemed ${new Date(row.redeemed_at).toISOString()} on ticket ${row.redeemed_ticket_number ?? '?'} by ${row.redeemed_by ?? '?'} for ${formatMoney(row.redeemed_amount_cents ?? 0)}`
        : `not redeemed (expires ${new Date(row.expires_at).toISOString()})`;
      console.log(`${displayValidationCode(row.code)}  #${row.merchant_id} ${row.merchant_name}  issued ${new Date(row.issued_at).toISOString()} by ${row.issued_by}  ${spent}`);
    }
    if (rows.length === 0) console.log('No codes issued yet.');
  } else {
    throw new UsageError(`Unknown command "${command ?? ''}".`);
  }
}

async function main(args: string[]): Promise<number> {
  const { db, where } = await openDatabase(parseConfig());
  try {
    await run(db, args, `cli:${os.userInfo().username}@${os.hostname()}`);
    console.error(`[validations] ${where}`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError ? `${error.message}\n${USAGE}` : `[validations] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
