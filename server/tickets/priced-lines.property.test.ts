/**
 * Decision 0110 for tickets: the lines the ticket screens show (parking, service fee, a
 * reservation's credit, what was paid) add up to the amount due the server asks for, whatever
 * the price, the reservation fit and the payments; and the "if you leave by" line speaks in the
 * same terms. (Issue 38 item 5: an expired aggregator reservation read "Amount due $21.19"
 * beside "$39.19 if you leave by …".)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumOfLines } from '../../src/contract/priced-lines.ts';
import { dueStep, ticketLines } from '../../src/contract/priced-lines-quotes.ts';
import { RESERVATION_FITS } from '../../src/contract/tickets.ts';
import { calculateTicketCharges } from '../parking-system/ticket-charges.ts';
import { toDollars } from '../rates/money.ts';

const chargesArb = fc.record({
  amountCents: fc.integer({ min: 0, max: 50_000 }),
  serviceFeeCents: fc.constantFrom(149, 199, 249, 399),
  amountPaidCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60_000 })),
  fit: fc.option(fc.constantFrom(...RESERVATION_FITS)),
  rateCents: fc.integer({ min: 0, max: 40_000 }),
  isMonthly: fc.boolean(),
});

function session(input: Parameters<typeof chargesFor>[0]) {
  const charges = chargesFor(input);
  return {
    charges,
    ticket: {
      amount: toDollars(charges.amountCents),
      serviceFeeAmount: toDollars(charges.serviceFeeCents),
      amountPaid: toDollars(charges.amountPaidCents),
      amountDue: toDollars(charges.amountDueCents),
      reservationCredit: toDollars(charges.reservationCreditCents),
    },
  };
}

function chargesFor(input: { amountCents: number; serviceFeeCents: number; amountPaidCents: number; fit: (typeof RESERVATION_FITS)[number] | null; rateCents: number; isMonthly: boolean }) {
  return calculateTicketCharges({
    price: { boardCents: input.amountCents, discountCents: 0, taxCents: 0, amountCents: input.amountCents, serviceFeeCents: input.serviceFeeCents },
    isMonthly: input.isMonthly,
    hasCoupon: false,
    amountPaidCents: input.amountPaidCents,
    reservation: input.fit ? { fit: input.fit, rateCents: input.rateCents } : undefined,
  });
}

describe('ticket lines', () => {
  it('add up to the amount due, with or without the credit field (copies saved before it)', () => {
    fc.assert(
      fc.property(chargesArb, (input) => {
        const { charges, ticket } = session(input);
        const lines = ticketLines(ticket);
        expect(lines.totalCents).toBe(sumOfLines(lines.lines));
        expect(lines.totalCents).toBe(charges.amountDueCents);
        expect(ticketLines({ ...ticket, reservationCredit: undefined }).totalCents).toBe(charges.amountDueCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('an expired reservation shows its credit as a line, and the leave-by line in amounts due', () => {
    // The tester's ticket: $36.00 parking with tax and a $3.19 fee, an $18 prepaid reservation outside its window.
    const charges = chargesFor({ amountCents: 3600, serviceFeeCents: 319, amountPaidCents: 0, fit: 'OutsideOfReservationWindow', rateCents: 1800, isMonthly: false });
    const ticket = { amount: 36, serviceFeeAmount: 3.19, amountPaid: 0, amountDue: toDollars(charges.amountDueCents), reservationCredit: toDollars(charges.reservationCreditCents), reservationNumber: 'SH-123' };
    const lines = ticketLines(ticket);
    expect(lines.lines.map((line) => [line.label, line.amountCents])).toEqual([['Parking', 3600], ['Service fee', 319], ['Reservation SH-123 credit', -1800]]);
    expect(lines.totalCents).toBe(2119);
    // The board prices the whole stay ($39.19 now, $49.19 at the next step); the line speaks of what is due.
    const step = dueStep({ nowCents: 3919, leaveByMs: 0, thenCents: 4919 }, 3919 - lines.totalCents);
    expect(step).toMatchObject({ nowCents: 2119, thenCents: 3119 });
  });
});
