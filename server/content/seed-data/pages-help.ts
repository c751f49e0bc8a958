/** Help pages: FAQ, oversized vehicles, accessibility. */
import { COMPANY, type PageSeed } from './company.ts';

const mail = `<a href="mailto:${COMPANY.email}">${COMPANY.email}</a>`;

/** Shared with the oversize-vehicles modal body, so the modal and the page never disagree. */
export const OVERSIZE_RULES_HTML = `<p>An oversized vehicle is any vehicle longer than 181 inches (15 ft 1 in) or taller than 75 inches (6 ft 3 in), including most full-size SUVs, minivans, pickup trucks and passenger vans. Examples: Chevrolet Suburban and Tahoe, Ford Expedition and F-150, Cadillac Escalade, GMC Yukon, Honda Odyssey, Toyota Sienna, Mercedes-Benz Sprinter.</p>
<ul>
<li>Oversized vehicles pay the posted oversize surcharge on top of the daily or monthly rate.</li>
<li>When you reserve, turn on the oversized vehicle option so the price you see includes the surcharge. Reservations made for a standard vehicle are charged the surcharge at exit if the vehicle is oversized.</li>
<li>Some garages have low clearance and cannot accept oversized vehicles: those locations are marked "No SUV/oversized parking."</li>
<li>Maximum clearance is posted at each entrance. Vehicles over 7 ft, roof boxes and trailers cannot be parked.</li>
</ul>`;

export const HELP_PAGES: readonly PageSeed[] = [
  {
    slug: 'faq',
    title: 'Frequently Asked Questions | ParkFair',
    description: 'Answers about reservations, pay by plate, monthly parking, oversized vehicles, lost tickets, refunds and receipts at ParkFair garages.',
    keywords: 'parking FAQ, parking reservation help, pay by plate, monthly parking questions, parking refund, lost parking ticket',
    bodyHtml: `<h1>Frequently Asked Questions</h1>
<h2>Reservations</h2>
<h3>How do I reserve a space?</h3>
<p>Search by address, place or event, choose your arrival and departure times, pick a garage and press Reserve. You pay online and receive a confirmation by email; show it to the attendant when you arrive.</p>
<h3>Can I cancel or change a reservation?</h3>
<p>You can cancel a reservation up to 30 minutes before it starts from My Account → Reservations, for a full refund to your card. To change the times, cancel and book again.</p>
<h3>What if I stay longer than my reservation?</h3>
<p>You pay the garage's posted rate for the extra time when you leave.</p>
<h3>I booked through SpotHero or ParkWhiz. What do I do?</h3>
<p>Show your aggregator pass to the attendant, or redeem the reservation in our app for a faster exit.</p>
<h2>Pay by plate and digital tickets</h2>
<h3>How does pay by plate work?</h3>
<p>At participating garages, enter your licence plate and the lot code posted at the entrance. Your parking session starts and your digital ticket appears in the app. When you are ready to leave, pay the balance and show the exit pass.</p>
<h3>There is no signal in the garage. Will my exit pass work?</h3>
<p>Yes. Open the exit pass once while you have a connection and it stays on your phone, ready to show offline.</p>
<h2>Monthly parking</h2>
<h3>When is my card charged?</h3>
<p>On or about the first of each month. If you start mid-month, the first charge is prorated. Your card is not charged until the first of the month after that.</p>
<h3>How do I cancel monthly parking?</h3>
<p>Give us written notice by the 25th of the month to stop the next month's charge. You can also suspend and reactivate your account online.</p>
<h2>At the garage</h2>
<h3>Do you accept oversized vehicles?</h3>
<p>Most of our garages do, with a surcharge. See <a href="/oversized-vehicles">Oversized Vehicles</a> for what counts as oversized.</p>
<h3>I lost my ticket.</h3>
<p>Tell the attendant. We look up your entry time by licence plate; if it cannot be confirmed, the lost ticket rate posted at the garage applies.</p>
<h3>How do I get a receipt?</h3>
<p>Receipts for online payments are emailed and are always available under My Account → Receipts. At the garage, ask the cashier for a printed receipt.</p>
<h2>Still need help?</h2>
<p>Contact customer care ${COMPANY.serviceHours} at ${COMPANY.phone} or ${mail}.</p>`,
  },
  {
    slug: 'oversized-vehicles',
    title: 'Oversized Vehicles | ParkFair',
    description: 'What counts as an oversized vehicle at ParkFair garages, the oversize surcharge, and which locations accept SUVs, vans and pickups.',
    keywords: 'oversized vehicle parking, SUV parking NYC, van parking, pickup truck parking, oversize surcharge',
    bodyHtml: `<h1>Oversized Vehicles</h1>
<p>Most ParkFair garages welcome SUVs, vans and pickups. Because larger vehicles take more room and need special handling, they pay an oversize surcharge.</p>
${OVERSIZE_RULES_HTML}
<h2>Finding a garage that fits</h2>
<p>Turn on "Oversized" in the search bar. Garages that cannot take your vehicle are marked, and the prices shown include the surcharge. Look for the SUV/oversized vehicle parking icon on each location.</p>
<p>Not sure whether your vehicle is oversized? Call the garage before you arrive; the phone number is on every location page.</p>`,
  },
  {
    slug: 'accessibility',
    title: 'Accessibility | ParkFair',
    description: 'ParkFair is committed to accessible garages and an accessible website that meets WCAG 2.1 AA.',
    keywords: 'accessible parking, ADA parking NYC, wheelchair accessible garage, website accessibility',
    bodyHtml: `<h1>Accessibility</h1>
<p>ParkFair wants every customer to be able to find, reserve and use our garages, and to use this website and app, independently and with dignity.</p>
<h2>At our garages</h2>
<ul>
<li>Accessible parking spaces are provided at every self-park location, close to the pedestrian exit.</li>
<li>At valet garages, attendants will bring your vehicle to the accessible pick-up area; tell the cashier if you need more time or help.</li>
<li>Where a garage has an elevator, we post notices on the location page during maintenance, with the nearest step-free route.</li>
<li>Service animals are always welcome.</li>
</ul>
<h2>On this website and app</h2>
<p>We design to the Web Content Accessibility Guidelines (WCAG) 2.1 level AA: every page works with a keyboard and screen readers, text can be enlarged to 200%, colour is never the only way information is shown, and maps come with a list view of the same results.</p>
<h2>Tell us what to improve</h2>
<p>If something on our website, app or at a garage is hard for you to use, contact customer care at ${COMPANY.phone} or ${mail}, ${COMPANY.serviceHours}. We will respond within two business days and help you complete your reservation or payment in the meantime.</p>`,
  },
];
