/** /my-account/receipts: ticket payments, park-and-pay, reservations and refunds (spec 2 §2). */
import { createFileRoute, Link } from '@tanstack/react-router';
import { ReceiptsList } from '../../features/receipts/receipts-list';
import { titledHead } from '../../lib/head';

const TITLE = 'Receipts';

export const Route = createFileRoute('/_authenticated/my-account/receipts/')({
  head: titledHead(TITLE),
  component: () => (
    <section className="page page--narrow">
      <h1>{TITLE}</h1>
      <p>
        <Link to="/my-account/payment-methods">Saved payment methods</Link>
      </p>
      <ReceiptsList />
    </section>
  ),
});
