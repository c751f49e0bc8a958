/** The ticket flows' user texts (spec 3 §8, §9), exactly as the spec gives them. */
import { PLATE_MISMATCH_TEXT } from '../../contract/plate-mismatch';

export { TICKET_MESSAGES } from '../../contract/tickets';

export const TICKET_TEXT = {
  chooseTitle: 'Retrieve, Pay, or Redeem',
  systemTitle: 'System Error',
  systemText: 'Our system could not process this request. Please use the self-serve payment machines or see an attendant at the parking location.',
  networkTitle: 'Network Problem',
  networkText: 'Your device appears to be offline. Please enable your network connection and try again.',
  errorTitle: 'Error',
  redeemText:
    'Our system could not process this request. If you are paying or redeeming a reservation, please pay in person at the parking location and contact customer experience.',
  couponFailure: 'We are sorry! Our system is unable to process your request at the moment. Please try again after few seconds.',
  paymentFormMissing: 'Unable to load payment details',
  plateMismatch: PLATE_MISMATCH_TEXT.warning,
  plateMismatchPopup: PLATE_MISMATCH_TEXT.popup,
  fullyCovered: 'Your parking is fully covered by the coupon. No payment is needed.',
  paidInFull: 'This ticket is paid. Show it at the exit.',
  monthlyTicket: 'This is a monthly ticket. There is nothing to pay.',
  carCalled: 'Your car has been requested. An attendant is bringing it to the exit.',
  // Not in the spec (it has no texts for these): ours.
  minimumRate: 'Minimum rate',
  overstay: (amount: string) => `You stayed past the grace period after your payment. A balance of $${amount} is due for the extra time.`,
  exitBy: (time: string) => `Paid. Please exit by ${time}; after that the clock runs again and the extra time is due.`,
  plateLabel: 'License plate',
  plateHint: 'Enter the plate of the car on this ticket.',
  browserPayLabel: (ticketNumber: string) => `Parking ticket ${ticketNumber}`,
} as const;
