/** /my-account/payment-methods: saved cards (spec 2 §3 "Saved payment method"; the spec's route table has no page for them). */
import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from '../../features/payment-methods/payment-methods-page';
import { titledHead } from '../../lib/head';
import { useSession } from '../../lib/session';

const TITLE = 'Payment Methods';

export const Route = createFileRoute('/_authenticated/my-account/payment-methods')({
  head: titledHead(TITLE),
  component: function PaymentMethodsRoute() {
    const { user } = useSession();
    return (
      <section className="page page--narrow">
        <h1>{TITLE}</h1>
        <PaymentMethodsPage defaultName={user?.displayName ?? ''} />
      </section>
    );
  },
});
