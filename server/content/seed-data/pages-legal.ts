/** Legal pages: website terms and conditions, privacy policy. */
import { COMPANY, type PageSeed } from './company.ts';

const mail = `<a href="mailto:${COMPANY.email}">${COMPANY.email}</a>`;

export const LEGAL_PAGES: readonly PageSeed[] = [
  {
    slug: 'terms-and-conditions',
    title: 'Terms and Conditions | ParkFair',
    description: 'Terms and conditions for using the ParkFair website and app and for daily parking reservations and pay-by-plate sessions.',
    keywords: 'ParkFair terms and conditions, parking reservation terms, cancellation policy, parking liability',
    bodyHtml: `<h1>Terms and Conditions</h1>
<p>These terms apply to the ParkFair website and app and to daily reservations and pay-by-plate parking sessions bought through them. By using the site or buying parking you agree to them. Monthly parking is governed by the <a href="/monthly-terms-and-conditions">Monthly Terms and Conditions</a>.</p>
<h2>1. Reservations</h2>
<p>A reservation entitles one vehicle to one entry and one exit at the garage named in the confirmation, between the times booked. It is not a guarantee of a particular space. Time beyond the reservation is charged at the garage's posted rate. A reservation for a standard vehicle does not cover an oversized vehicle; the oversize surcharge is collected at exit.</p>
<h2>2. Cancellations and refunds</h2>
<p>Reservations can be cancelled up to 30 minutes before the start time for a full refund to the original card. Reservations not cancelled in time and not used are not refundable. If a garage cannot honour a reservation, we will refund it in full.</p>
<h2>3. Pay by plate</h2>
<p>When you start a session by licence plate, you confirm the plate and lot code are correct. Charges are calculated from the garage's entry record and the posted rates, plus any service fee shown before you pay.</p>
<h2>4. Prices, taxes and fees</h2>
<p>Prices include the applicable parking taxes (New York City, Newark and Jersey City parking taxes where applicable) unless stated otherwise. Service fees, where charged, are shown before you pay.</p>
<h2>5. Liability</h2>
<p>We are responsible for loss of or damage to your vehicle only where it is caused by our negligence, and our liability is limited as posted at the garage and as the law allows. We are not responsible for personal property left in vehicles. Report any damage to the attendant before leaving the garage.</p>
<h2>6. Your account</h2>
<p>Keep your sign-in details private; you are responsible for activity on your account. We may suspend accounts used for fraud or abuse.</p>
<h2>7. Changes</h2>
<p>We may update these terms; the version on this page applies to purchases made while it is posted.</p>
<h2>8. Contact</h2>
<p>${COMPANY.legalName}, ${COMPANY.mailingAddress}. Customer care: ${COMPANY.phone}, ${mail}, ${COMPANY.serviceHours}.</p>`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy | ParkFair',
    description: 'How ParkFair collects, uses and protects your personal information, including licence plates, payment data and location.',
    keywords: 'ParkFair privacy policy, parking data privacy, licence plate data, personal information',
    bodyHtml: `<h1>Privacy Policy</h1>
<p>This policy explains what personal information ParkFair collects when you use our website, app and garages, how we use it, and the choices you have.</p>
<h2>What we collect</h2>
<ul>
<li><strong>Account details</strong>: name, email address, phone number and marketing preferences.</li>
<li><strong>Vehicle details</strong>: licence plate, state, make, model and colour, used to find your car and match your parking session.</li>
<li><strong>Payment details</strong>: card payments are processed by our payment provider; we keep only the card brand, last four digits and expiry date.</li>
<li><strong>Parking activity</strong>: reservations, entry and exit times, receipts and monthly contract history.</li>
<li><strong>Device and location</strong>: your location only when you choose "Find Parking Near Me" or "Use Current Location"; camera images only when you scan a plate or ticket, processed to read the plate or code.</li>
</ul>
<h2>How we use it</h2>
<p>To provide and bill parking, to send confirmations and receipts, to handle claims and customer care requests, to prevent fraud, to meet tax and legal obligations and, if you agree, to send offers by email or text. You can opt out of marketing at any time in your profile.</p>
<h2>Sharing</h2>
<p>We do not sell your personal information. We share it only with service providers who work for us (payment processing, sign-in, email and hosting), with reservation partners when you book through them, and with authorities when the law requires it.</p>
<h2>Retention and security</h2>
<p>We keep records as long as needed for the purposes above and for tax and legal requirements, then delete or anonymise them. Data is encrypted in transit and access is limited to staff who need it.</p>
<h2>Your choices</h2>
<p>You can see and correct your details in My Account, and ask us to delete your account by emailing ${mail}.</p>
<h2>Contact</h2>
<p>${COMPANY.legalName}, ${COMPANY.mailingAddress}; ${COMPANY.phone}.</p>`,
  },
];
