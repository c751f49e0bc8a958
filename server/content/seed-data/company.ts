/** The operator's contact facts, used across page copy so every page says the same thing. */
export const COMPANY = {
  name: 'ParkFair',
  legalName: 'ParkFair Parking LLC',
  phone: '(212) 555-0100',
  email: 'customercare@parkfair.example',
  mailingAddress: '250 W 57th St, Suite 1200, New York, NY 10107',
  serviceHours: 'Monday to Friday, 8:30 AM to 5:00 PM',
  founded: 1956,
} as const;

export type PageSeed = { slug: string; title: string; description: string; keywords: string; bodyHtml: string };
