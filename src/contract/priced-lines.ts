/**
 * One rule for every amount the driver sees (decision 0110): a total is the sum of the lines shown
 * above it, and nothing else. Every screen that shows money (search list, garage detail, checkout,
 * receipt, pass, ticket) renders a `PricedLines` and its `totalCents`; the server builds the same
 * value where it owns the arithmetic (a monthly quote), and the builders in priced-lines-quotes.ts
 * read the API's other money fields into it. A total is never computed beside its lines: it is
 * always `pricedLines(...).totalCents`, so a line the screen forgets to show changes the total
 * the tests compare with what is charged.
 *
 * Amounts are whole cents; a discount, a credit or a payment already made is a negative line.
 */
import * as v from 'valibot';

/** charge: what is bought; tax; fee: the service fee; discount: a coupon; credit: a prepaid reservation; paid: already paid. */
export const PRICED_LINE_KINDS = ['charge', 'tax', 'fee', 'discount', 'credit', 'paid'] as const;
export type PricedLineKind = (typeof PRICED_LINE_KINDS)[number];

export type PricedLine = { label: string; amountCents: number; kind: PricedLineKind };
export type PricedLines = { lines: PricedLine[]; totalCents: number };

const NEGATIVE_KINDS: ReadonlySet<PricedLineKind> = new Set(['discount', 'credit', 'paid']);

/** The lines and their sum. A discount, credit or payment is written as a positive amount off; zero ones are left out. */
export function pricedLines(lines: ReadonlyArray<PricedLine | false | null | undefined>): PricedLines {
  const kept: PricedLine[] = [];
  for (const line of lines) {
    if (!line) continue;
    if (!Number.isInteger(line.amountCents)) throw new Error(`A priced line is whole cents: ${line.label} ${line.amountCents}`);
    const isOff = NEGATIVE_KINDS.has(line.kind);
    if (isOff && line.amountCents === 0) continue;
    kept.push({ ...line, amountCents: isOff ? -Math.abs(line.amountCents) : line.amountCents });
  }
  return { lines: kept, totalCents: sumOfLines(kept) };
}

export const sumOfLines = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + line.amountCents, 0);

/** Dollars as the API writes them (19.5) to cents, rounding away float noise (0.1 + 0.2). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** "$25" when whole, "$25.50" otherwise, "−$50" for a line off (spec 1 §5 price display). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const dollars = whole.toLocaleString('en-US');
  return rest === 0 ? `${sign}$${dollars}` : `${sign}$${dollars}.${String(rest).padStart(2, '0')}`;
}

/** "$25.00", "−$50.00": always with cents, for receipts and the monthly pages. */
export function formatCentsExact(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  const whole = Math.floor(Math.abs(cents) / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** On the wire: the lines and a total the schema refuses unless it is their sum. */
export const pricedLinesSchema = v.pipe(
  v.object({
    lines: v.array(v.object({ label: v.string(), amountCents: v.pipe(v.number(), v.integer()), kind: v.picklist(PRICED_LINE_KINDS) })),
    totalCents: v.pipe(v.number(), v.integer()),
  }),
  v.check((priced) => priced.totalCents === sumOfLines(priced.lines), 'totalCents must be the sum of the lines'),
);
