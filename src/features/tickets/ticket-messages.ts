/** The ticket flows' user texts (spec 3 §8, §9), exactly as the spec gives them. */
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
  plateMismatch:
    'The license plate you entered does not match any vehicle currently on the lot. The minimum rate will be charged and your parking session will be reviewed by our audit team.',
  plateMismatchPopup: "We couldn't find a license plate match for this parking session. The minimum rate will be charged and the session will be reviewed.",
  fullyCovered: 'Your parking is fully covered by the coupon. No payment is needed.',
  paidInFull: 'This ticket is paid. Show it at the exit.',
  monthlyTicket: 'This is a monthly ticket. There is nothing to pay.',
  carCalled: 'Your car has been requested. An attendant is bringing it to the exit.',
} as const;
