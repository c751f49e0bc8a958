/** Convert pass, payment step: enroll a card, then back to converting the pass. */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { savedPaymentMethodsQueryOptions } from '../../lib/payments-client';
import { useSession } from '../../lib/session';
import { CardSetupForm } from '../../ui/card-payment-form';
import { ParkLayout } from './park-layout';

export function ConvertPassPayment({ ticketNumber, vehicleId }: { ticketNumber: string | undefined; vehicleId: number | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  // Convert pass sends a driver with no saved card back here: the list must include the new card first.
  const continueToConvert = async () => {
    await queryClient.invalidateQueries({ queryKey: savedPaymentMethodsQueryOptions.queryKey });
    await navigate({ to: '/parkandpay/convert', search: { ticketNumber, vehicleId } });
  };
  return (
    <ParkLayout title="Payment Details">
      <p>Add the card your parking is charged to at exit.</p>
      <CardSetupForm defaultName={user?.displayName ?? ''} onSuccess={() => void continueToConvert()} />
    </ParkLayout>
  );
}
