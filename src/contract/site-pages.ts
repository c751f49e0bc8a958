/** The public pages of the site, in the order the footer and the HTML sitemap list them (the server lists them in /sitemap.xml too). */
export type SitePage = { path: string; title: string };

export const INFO_PAGES: readonly SitePage[] = [
  { path: '/about', title: 'About Us' },
  { path: '/monthly-parking', title: 'Monthly Parking' },
  { path: '/parking-solutions', title: 'Parking Solutions' },
  { path: '/oversized-vehicles', title: 'Oversized Vehicles' },
  { path: '/partners', title: 'Partners' },
  { path: '/careers', title: 'Careers' },
  { path: '/FAQ', title: 'FAQ' },
  { path: '/contact-us', title: 'Contact Us' },
];

export const LEGAL_PAGES: readonly SitePage[] = [
  { path: '/terms-and-conditions', title: 'Terms and Conditions' },
  { path: '/monthly-terms-and-conditions', title: 'Monthly Terms and Conditions' },
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/accessibility', title: 'Accessibility' },
];

export const SERVICE_PAGES: readonly SitePage[] = [
  { path: '/', title: 'Home' },
  { path: '/locations', title: 'Our Locations' },
  { path: '/parkandpay/welcome', title: 'Pay by Plate' },
  { path: '/retrieve-car', title: 'Retrieve Vehicle' },
  { path: '/pay-for-parking', title: 'Pay for Parking' },
  { path: '/leavefast', title: 'Redeem Reservation' },
  { path: '/incidentreport', title: 'Customer Claim Report' },
  { path: '/sign-in', title: 'Sign In / Register' },
  { path: '/sitemap', title: 'Sitemap' },
];
