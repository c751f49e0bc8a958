/**
 * Parking taxes by jurisdiction, shown separately from the rate. Rates are in thousandths of a
 * percent (18.375 % = 18375) so tax is computed on whole cents exactly.
 *
 *   Manhattan       NYC parking tax 10.375 % + Manhattan surcharge 8 % = 18.375 %. A Manhattan
 *                   resident with a registered monthly space is exempt from the 8 % (10.375 %).
 *   Brooklyn        NYC parking tax 10.375 % (no borough surcharge).
 *   Jersey City,    municipal parking tax 15 % + 3.5 % for non-residents. In Newark's arena
 *   Newark          zone, while an event rate applies, a 7 % event surcharge replaces the 3.5 %.
 *                   Online daily customers are treated as non-residents (residency is not known
 *                   for a transient stay); monthly customers can declare residency.
 *   Secaucus        no municipal parking tax; New Jersey sales tax (6.625 %) applies to parking
 *                   where no municipal parking tax is levied, so that is what we charge.
 *
 * A tax-exempt monthly customer (e.g. a government agency) pays none.
 */
import type { LocationArea } from '../../src/contract/locations.ts';
import { type Cents, percentOf } from './money.ts';

export type TaxComponent = { name: string; rateThousandths: number };
export type TaxContext = {
  area: LocationArea;
  arenaZone: boolean;
  isEventRate: boolean;
  isResident: boolean;
  isTaxExempt: boolean;
};
export type TaxLineCents = { name: string; rateThousandths: number; cents: Cents };

const NYC_PARKING_TAX: TaxComponent = { name: 'NYC parking tax', rateThousandths: 10_375 };
const MANHATTAN_SURCHARGE: TaxComponent = { name: 'Manhattan parking surcharge', rateThousandths: 8_000 };
const NJ_MUNICIPAL_PARKING_TAX: TaxComponent = { name: 'Municipal parking tax', rateThousandths: 15_000 };
const NJ_NON_RESIDENT: TaxComponent = { name: 'Non-resident parking tax', rateThousandths: 3_500 };
const NEWARK_EVENT_SURCHARGE: TaxComponent = { name: 'Newark arena event surcharge', rateThousandths: 7_000 };
const NJ_SALES_TAX: TaxComponent = { name: 'NJ sales tax', rateThousandths: 6_625 };

export function taxComponents(context: TaxContext): TaxComponent[] {
  if (context.isTaxExempt) return [];
  switch (context.area) {
    case 'manhattan':
      return context.isResident ? [NYC_PARKING_TAX] : [NYC_PARKING_TAX, MANHATTAN_SURCHARGE];
    case 'brooklyn':
      return [NYC_PARKING_TAX];
    case 'newark':
      if (context.arenaZone && context.isEventRate) return [NJ_MUNICIPAL_PARKING_TAX, NEWARK_EVENT_SURCHARGE];
      return context.isResident ? [NJ_MUNICIPAL_PARKING_TAX] : [NJ_MUNICIPAL_PARKING_TAX, NJ_NON_RESIDENT];
    case 'jersey-city':
      return context.isResident ? [NJ_MUNICIPAL_PARKING_TAX] : [NJ_MUNICIPAL_PARKING_TAX, NJ_NON_RESIDENT];
    case 'secaucus':
      return [NJ_SALES_TAX];
  }
}

export const totalRateThousandths = (components: readonly TaxComponent[]): number =>
  components.reduce((sum, component) => sum + component.rateThousandths, 0);

/**
 * Tax on an amount: the combined rate rounded once, half up, to the cent (so the total is within
 * half a cent of exact), split into one line per component; the last line takes the remainder
 * so the lines always add up to the total.
 */
export function calculateTax(cents: Cents, context: TaxContext): { lines: TaxLineCents[]; totalCents: Cents; rateThousandths: number } {
  const components = taxComponents(context);
  const rateThousandths = totalRateThousandths(components);
  const totalCents = percentOf(cents, rateThousandths);
  let allocated = 0;
  const lines = components.map((component, index) => {
    const lineCents = index === components.length - 1 ? totalCents - allocated : percentOf(cents, component.rateThousandths);
    allocated += lineCents;
    return { name: component.name, rateThousandths: component.rateThousandths, cents: lineCents };
  });
  return { lines, totalCents, rateThousandths };
}

/** The amount with tax (what rate results show as rateWithTax). */
export const withTax = (cents: Cents, context: TaxContext): Cents => cents + calculateTax(cents, context).totalCents;
