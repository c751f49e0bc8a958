/** /promoredirect/{qrCode}: to the promotions site with the customer id as lookupid (spec 2 §2). */
import { createFileRoute } from '@tanstack/react-router';
import { PromoRedirect } from '../../features/promo-redirect/promo-redirect';
import { titledHead } from '../../lib/head';

const TITLE = 'Promotions';

export const Route = createFileRoute('/_authenticated/promoredirect/$qrCode')({
  head: titledHead(TITLE),
  component: function PromoRedirectRoute() {
    const { qrCode } = Route.useParams();
    return (
      <section className="page page--narrow">
        <h1>{TITLE}</h1>
        <PromoRedirect qrCode={qrCode} />
      </section>
    );
  },
});
