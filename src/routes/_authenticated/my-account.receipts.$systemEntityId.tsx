/**
 * /my-account/receipts/{systemEntityId} (spec 2 §2). The spec names the parameter only; its value
 * here is the payment id the receipts list links to (GET /reports/api/reports/payments-history/{id}).
 */
import { createFileRoute } from '@tanstack/react-router';
import { ReceiptDetail } from '../../features/receipts/receipt-detail';
import { titledHead } from '../../lib/head';

const TITLE = 'Receipt';

export const Route = createFileRoute('/_authenticated/my-account/receipts/$systemEntityId')({
  head: titledHead(TITLE),
  component: function ReceiptRoute() {
    const { systemEntityId } = Route.useParams();
    const paymentId = /^\d{1,9}$/.test(systemEntityId) ? Number(systemEntityId) : 0;
    return (
      <section className="page page--narrow">
        <h1>{TITLE}</h1>
        {paymentId ? <ReceiptDetail paymentId={paymentId} /> : <p className="notice" role="alert">This receipt was not found.</p>}
      </section>
    );
  },
});
