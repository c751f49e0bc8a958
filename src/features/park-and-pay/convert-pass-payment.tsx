/** Convert pass, payment step: enroll a card, then back to converting the pass. */
import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { CardSetupForm } from '../../ui/card-payment-form';
import { ParkLayout } from './park-layout';

export function ConvertPassPayment({ ticketNumber, vehicleId }: { ticketNumber: string | undefined; vehicleId: number | undefined }) {
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <ParkLayout title="Payment Details">
      <p>Add the card your parking is charged to at exit.</p>
      <CardSetupForm defaultName={user?.displayName ?? ''} onSuccess={() => void navigate({ to: '/parkandpay/convert', search: { ticketNumber, vehicleId } })} />
    </ParkLayout>
  );
}
