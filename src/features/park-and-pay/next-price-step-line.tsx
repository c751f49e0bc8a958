/**
 * "$28.53 if you leave by 12:33 PM (14 min left) · then $38.01" on the session, from the garage's
 * saved rate board, counting down offline too (lib/use-next-price-step.ts). The session places it
 * below the pass button, so the button never moves when it appears.
 */
import type { GarageTicket } from '../../contract/parking-system';
import { isPricedByBoard, useNextPriceStep } from '../../lib/use-next-price-step';

export function NextPriceStepLine({ ticket }: { ticket: GarageTicket | undefined }) {
  const text = useNextPriceStep(
    ticket && {
      locationId: ticket.locationId,
      entryTimeUtc: ticket.entryTimeUtc,
      minutes: ticket.minutes,
      charged: ticket.amount + ticket.serviceFeeAmount,
      isPricedByBoard: isPricedByBoard(ticket),
    },
  );
  return text ? <p className="park-session__next-step" data-testid="next-price-step">{text}</p> : null;
}
