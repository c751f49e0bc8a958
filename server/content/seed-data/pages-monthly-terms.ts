/**
 * The monthly parking licence (spec 2 §9 "Monthly parking licence text", revised June 22, 2022).
 * Every figure below comes from that summary: $15.00 lost card, $20.00 returned payment,
 * $1,000.00 / $25,000.00 liability caps, one month's notice of increases, the 25th, 30 days,
 * 12 months, one year, 3%, 120 days, 5 days, two months.
 */
import { COMPANY, type PageSeed } from './company.ts';

export const MONTHLY_TERMS_PAGE: PageSeed = {
  slug: 'monthly-terms-and-conditions',
  title: 'Monthly Parking Terms and Conditions | ParkFair',
  description: 'The ParkFair monthly parking licence: monthly fee, access card, suspension, refunds, insurance, liability, arbitration and notices.',
  keywords: 'monthly parking terms, monthly parking licence, parking agreement, ParkFair monthly contract',
  bodyHtml: `<h1>Monthly Parking Terms and Conditions</h1>
<p><em>Revised June 22, 2022.</em></p>
<p>This is a licence to park one vehicle at the ParkFair garage you chose ("the Garage"), not a lease or bailment of a particular space. By signing up you ("the Customer") agree to these terms with ${COMPANY.legalName} ("ParkFair").</p>
<h2>1. Monthly fee</h2>
<p>The monthly fee is payable in advance and is charged to your card on or about the first of each month. If you start mid-month, the first charge is prorated for the rest of that month; your card is not charged again until the first of the month, and your monthly fee stays the same unless it is changed as described here. ParkFair may increase the monthly fee by giving you at least one month's notice. If a payment is returned or declined, a returned payment fee of $20.00 applies.</p>
<h2>2. Access card</h2>
<p>Your access card or credential is for the registered vehicle only and remains ParkFair's property. A lost or damaged card is replaced for a fee of $15.00. If the monthly fee is not paid by the first of the month, the card is deactivated and the Garage's transient (daily) rate applies to every entry until the account is brought up to date.</p>
<h2>3. Changes to your details</h2>
<p>You must tell us within 5 days of any change to your address, phone number, email address, card or vehicle.</p>
<h2>4. Suspension and termination</h2>
<p>You may suspend your account and reactivate it online. ParkFair may close an account that has been suspended for more than two months. Either party may end this licence by written notice; to stop the next month's charge, your notice must reach us by the 25th of the month. Amounts already charged for the current month are not refunded, except as required by law.</p>
<h2>5. Refunds</h2>
<p>Refunds for charges made in error are returned to the card charged. Partial months are not refunded after the 25th-of-the-month notice date has passed.</p>
<h2>6. Insurance and liability</h2>
<p>You must keep your vehicle registered and insured as the law requires. ParkFair is not responsible for personal property left in the vehicle. ParkFair's liability for loss of or damage to the vehicle is limited to $1,000.00, except that for loss caused by theft, fire or explosion at a garage in New York City it is limited to $25,000.00, as permitted by law. Damage must be reported to the attendant before the vehicle leaves the Garage.</p>
<h2>7. Disputes and arbitration</h2>
<p>Before starting any claim, you and ParkFair agree to meet (in person or by phone) within 30 days of a written request to try to resolve the dispute. Any dispute that is not resolved will be settled by binding arbitration; a demand for arbitration must be made within one year after the claim arises. The arbitrator may award interest at no more than 3% per year, and the arbitration must be completed within 120 days of the demand. Any lawsuit permitted by law must be brought within 12 months after the claim arises.</p>
<h2>8. Changes to these terms</h2>
<p>ParkFair may amend these terms by notice to you. If you object to an amendment, tell us in writing within 30 days of the notice; if you do not object, the amendment applies.</p>
<h2>9. Notices</h2>
<p>Notices to you are sent to the email or mailing address on your account. Notices to ParkFair must be in writing to ${COMPANY.legalName}, ${COMPANY.mailingAddress}, or to <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>. Customer care is available ${COMPANY.serviceHours} at ${COMPANY.phone}.</p>`,
};
