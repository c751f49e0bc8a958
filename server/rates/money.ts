/**
 * Money is whole cents inside the engine (integers add exactly); dollars with two decimals
 * appear only at the API boundary and on rate boards.
 */
export type Cents = number;

export const toDollars = (cents: Cents): number => cents / 100;

export const dollarsToCents = (dollars: number): Cents => Math.round(dollars * 100);

/** "$18.00", "$1,250.00". */
export function formatMoney(cents: Cents): string {
  const dollars = Math.floor(Math.abs(cents) / 100).toLocaleString('en-US');
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest}`;
}

/**
 * cents × rate, rounded half up to a cent, in exact integer arithmetic. `rateThousandths` is the
 * percentage × 1000 (18.375 % = 18375), so no binary fraction ever enters the sum.
 */
export function percentOf(cents: Cents, rateThousandths: number): Cents {
  return Math.floor((cents * rateThousandths + 50_000) / 100_000);
}
