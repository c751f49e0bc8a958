/**
 * "Do you have a prepaid reservation?" (spec 3 §2) is part of the activation screen now, as a
 * No/Yes radio group beside the card (reservation-payment.tsx, decision 0111): one screen, one
 * tap for a returning driver. The old address still works and leads there.
 */
import { Navigate } from '@tanstack/react-router';

export function PrepaidPrompt() {
  return <Navigate to="/parkandpay/reservation-payment" replace />;
}
