/** Company pages: about, contact us, careers, partners, parking solutions, monthly parking, sitemap intro, health and safety. */
import { COMPANY, type PageSeed } from './company.ts';

const mail = `<a href="mailto:${COMPANY.email}">${COMPANY.email}</a>`;
const tel = `<a href="tel:+1${COMPANY.phone.replace(/\D/g, '')}">${COMPANY.phone}</a>`;

export const COMPANY_PAGES: readonly PageSeed[] = [
  {
    slug: 'about',
    title: 'About ParkFair | Locally Owned New York & New Jersey Parking Since 1956',
    description: 'ParkFair has parked New York and New Jersey since 1956: nearly 40 garages and about 10,000 spaces in Manhattan, Brooklyn, Jersey City, Newark and Secaucus.',
    keywords: 'about ParkFair, New York parking company, New Jersey parking garages, family owned parking, parking operator since 1956',
    bodyHtml: `<h1>About ParkFair</h1>
<p>ParkFair opened its first garage on West 44th Street in ${COMPANY.founded}, when a Times Square theatre night still meant circling the block for a meter. Nearly seventy years later we are still locally owned and still run by people who live in the neighbourhoods we serve.</p>
<p>Today ParkFair operates nearly 40 locations with about 10,000 spaces across Manhattan, Brooklyn, Jersey City, Newark and Secaucus: commuter garages by the PATH and NJ Transit stations, residential garages on the Upper East and Upper West Side, event parking next to Barclays Center and Prudential Center, and park-and-train at Secaucus Junction.</p>
<h2>What we believe</h2>
<ul>
<li><strong>Ideal locations.</strong> We park where you need to be: near the trains, the theatres, the hospitals and the arenas.</li>
<li><strong>Safe and secure access.</strong> Our garages are staffed or monitored around the clock, well lit, and inspected by the City and State as the law requires.</li>
<li><strong>Locally owned since 1956.</strong> Decisions are made in New York, by people who answer their own phones.</li>
</ul>
<h2>Parking, made simple</h2>
<p>Reserve online and save, pay by licence plate when you arrive, or sign up for monthly parking with in-and-out privileges. Our app works even in a garage with no signal: your exit pass opens offline.</p>
<p>Questions? Our customer care team is available ${COMPANY.serviceHours} at ${tel} or ${mail}.</p>`,
  },
  {
    slug: 'contact-us',
    title: 'Contact ParkFair Customer Care',
    description: `Reach ParkFair customer care ${COMPANY.serviceHours} by phone at ${COMPANY.phone} or by email at ${COMPANY.email}.`,
    keywords: 'ParkFair contact, parking customer service, parking refund, monthly parking help, lost ticket',
    bodyHtml: `<h1>Contact Us</h1>
<p>We are here to help with reservations, monthly accounts, receipts, refunds and anything that happened at one of our garages.</p>
<h2>Customer care</h2>
<ul>
<li>Phone: ${tel}</li>
<li>Email: ${mail}</li>
<li>Hours: ${COMPANY.serviceHours} (closed on major holidays)</li>
</ul>
<p>Emails received outside business hours are answered the next business day. Please include your reservation number, monthly account number or ticket number, and the garage address, so we can help you on the first reply.</p>
<h2>At the garage</h2>
<p>For help with a car in a garage right now, call the garage directly: every location page lists its phone number, and attendants are on duty during posted hours. If your ticket is lost, the attendant can look up your entry by licence plate.</p>
<h2>Damage or incident claims</h2>
<p>If you believe your vehicle was damaged at a ParkFair garage, report it to the attendant before leaving the garage and file an incident report online within 24 hours. Our claims team will contact you within two business days.</p>
<h2>Mail</h2>
<p>${COMPANY.legalName}, ${COMPANY.mailingAddress}</p>`,
  },
  {
    slug: 'careers',
    title: 'Careers at ParkFair',
    description: 'Join the ParkFair team: garage attendants, cashiers, supervisors, customer care and office roles across New York and New Jersey.',
    keywords: 'parking jobs, garage attendant jobs NYC, parking cashier jobs New Jersey, ParkFair careers',
    bodyHtml: `<h1>Careers</h1>
<p>ParkFair employs several hundred people across New York and New Jersey, many of whom have been with us for decades. We promote from within: most of our garage managers started as attendants.</p>
<h2>Who we hire</h2>
<ul>
<li><strong>Garage attendants and valets</strong>: a valid driver's licence with a clean record, and the confidence to park a full-size SUV in a tight space.</li>
<li><strong>Cashiers</strong>: friendly, accurate and calm at the evening rush.</li>
<li><strong>Supervisors and garage managers</strong>: leading a shift, scheduling staff and keeping the garage safe and clean.</li>
<li><strong>Customer care</strong>: helping customers by phone and email ${COMPANY.serviceHours}.</li>
<li><strong>Office</strong>: accounting, monthly billing, facilities and technology.</li>
</ul>
<h2>What we offer</h2>
<p>Competitive pay, overtime, health and dental coverage, paid time off, a retirement plan and free parking for employees at their home garage. Many of our garage positions are union positions with the benefits of a collective bargaining agreement.</p>
<h2>How to apply</h2>
<p>Email your résumé and the neighbourhood you would like to work in to ${mail} with "Careers" in the subject line, or ask the manager at any ParkFair garage for an application. ParkFair is an equal opportunity employer.</p>`,
  },
  {
    slug: 'partners',
    title: 'Partners | ParkFair',
    description: 'ParkFair partners with hotels, theatres, hospitals, venues and parking apps to make parking easy for their guests.',
    keywords: 'parking partners, hotel parking validation, venue parking, SpotHero, ParkWhiz, ParkFair',
    bodyHtml: `<h1>Partners</h1>
<p>We work with the businesses around our garages so that their guests find a space and pay a fair price.</p>
<h2>Validation programmes</h2>
<p>Hotels, theatres, hospitals and retailers can validate parking for their guests with paper validations, printed codes or QR coupons that our garages scan at exit. Partners receive one monthly invoice for validations used.</p>
<h2>Reservation apps</h2>
<p>ParkFair inventory is available on SpotHero and ParkWhiz. Customers who booked through them can redeem their reservation in our app for a faster exit.</p>
<h2>Events and venues</h2>
<p>For venues such as Barclays Center and Prudential Center we offer pre-sold event parking, reserved blocks for staff and performers, and traffic plans for large events.</p>
<h2>Become a partner</h2>
<p>Tell us about your business at ${mail} and our partnerships team will be in touch within a week.</p>`,
  },
  {
    slug: 'parking-solutions',
    title: 'Parking Solutions for Property Owners | ParkFair',
    description: 'Garage management, leasing and revenue-control solutions from an operator that has run New York and New Jersey garages since 1956.',
    keywords: 'parking management, garage operator, parking facility management, commercial parking New York, parking revenue control',
    bodyHtml: `<h1>Parking Solutions</h1>
<p>Property owners, developers and building managers trust ParkFair to run their garages. We bring nearly seventy years of experience operating in the densest parking market in the country.</p>
<h2>What we do</h2>
<ul>
<li><strong>Management and leasing</strong>: we operate your facility under a management agreement or lease it outright.</li>
<li><strong>Revenue control</strong>: licence-plate and ticket-based systems, monthly access cards, pay by plate and online reservations, with daily reporting.</li>
<li><strong>Staffing and training</strong>: licensed, insured, trained attendants and supervisors.</li>
<li><strong>Compliance</strong>: Department of Consumer and Worker Protection licensing, rate signage, parking taxes and structural inspections.</li>
<li><strong>Upgrades</strong>: LED lighting, EV charging, bike rooms and wayfinding.</li>
</ul>
<h2>Who we work with</h2>
<p>Office towers and residential buildings in Manhattan and Brooklyn, transit-oriented developments along the PATH and NJ Transit lines in Jersey City, Newark and Secaucus, hospitals that need round-the-clock patient and staff parking, and venues that fill a garage in the hour before an event.</p>
<h2>Why owners choose ParkFair</h2>
<p>We are an operator, not a broker: our own managers run your garage every day. Owners get a monthly statement that ties every dollar to an entry and exit record, and a single contact who answers the phone. Most of our management agreements have been renewed for decades.</p>
<h2>Talk to us</h2>
<p>Email ${mail} with "Parking Solutions" in the subject line and tell us about your property. We usually visit within a week and send a proposal within a month.</p>`,
  },
  {
    slug: 'monthly-parking',
    title: 'Monthly Parking in New York & New Jersey | ParkFair',
    description: 'Monthly parking with in-and-out privileges at nearly 40 ParkFair garages. Sign up online; your card is not charged until the first of the month.',
    keywords: 'monthly parking NYC, monthly parking Jersey City, monthly garage Newark, commuter parking, residential parking',
    bodyHtml: `<h1>Monthly Parking</h1>
<p>Park every day without thinking about it. A ParkFair monthly account gives you a space at your garage with in-and-out privileges, at a fixed monthly fee.</p>
<h2>How it works</h2>
<ol>
<li>Search for monthly parking near your home or office and compare the monthly rates at each garage.</li>
<li>Choose a rate and a start date, add your vehicle and a card, and accept the monthly terms and conditions.</li>
<li>If you start mid-month, you pay a prorated amount for the rest of the month. After that your card is charged on or about the first of each month, and your monthly fee stays the same unless we give you a month's notice.</li>
</ol>
<p>Oversized vehicles, business accounts and multiple-vehicle passes are available at many locations. Manhattan residents may qualify for the parking tax exemption: bring proof of residence to the garage.</p>
<p>Questions? Call ${tel}, ${COMPANY.serviceHours}.</p>`,
  },
  {
    slug: 'sitemap',
    title: 'Sitemap | ParkFair',
    description: 'Every page of the ParkFair website: locations, parking search, monthly parking, your account and company information.',
    keywords: 'ParkFair sitemap, parking locations list, site map',
    bodyHtml: `<h1>Sitemap</h1>
<p>Find any page of the ParkFair site below: search for parking, browse every garage by area, manage your reservations and monthly account, or read about the company and our policies.</p>`,
  },
  {
    slug: 'covid-19',
    title: 'Health and Safety at ParkFair Garages',
    description: 'How ParkFair keeps garages clean and contactless: pay by plate, digital tickets and cleaning of high-touch surfaces.',
    keywords: 'ParkFair health and safety, contactless parking, COVID-19 parking',
    bodyHtml: `<h1>Your Health and Safety</h1>
<p>Every ParkFair garage is open, and you can park without touching a ticket machine: reserve online, pay by licence plate on arrival, and show your exit pass from your phone.</p>
<ul>
<li>High-touch surfaces such as pay stations, elevator buttons and door handles are cleaned several times a day.</li>
<li>Hand sanitiser is available at every cashier booth.</li>
<li>Attendants who feel unwell stay home, with pay.</li>
</ul>
<p>Valet garages offer self-park where space allows, and attendants can leave your keys in a sealed envelope on request. Receipts are emailed, so nothing needs to change hands at the booth.</p>
<p>Questions? Contact customer care at ${tel} or ${mail}.</p>`,
  },
];
