/** Jersey City garages: Exchange Place, Harborside, Newport, Grove Street, Journal Square. */
import type { GarageSeed } from './garage-seed.ts';

const JERSEY_CITY = { city: 'Jersey City', state: 'NJ', area: 'jersey-city' } as const;

export const JERSEY_CITY_GARAGES: readonly GarageSeed[] = [
  {
    ...JERSEY_CITY, locationId: 27, locationNumber: '3001', neighborhood: 'Exchange Place',
    address1: '85 Hudson St', zip: '07302', crossStreet: 'Between Montgomery St & York St',
    latitude: 40.71594, longitude: -74.03438, phone1: '(201) 555-0131',
    operatingHoursDescription: 'Open 24 Hours', entrance: 'Enter on Hudson St, just south of Montgomery St',
    additionalInformation: 'Two blocks from the Exchange Place PATH station: World Trade Center in 5 minutes. Self-park; keep your ticket with you.',
    capacity: 300, oversized: true, skiDataLocation: true,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...JERSEY_CITY, locationId: 28, locationNumber: '3002', neighborhood: 'Harborside',
    address1: '210 Hudson St', zip: '07311', crossStreet: 'At Christopher Columbus Dr',
    latitude: 40.71852, longitude: -74.03352, phone1: '(201) 555-0132',
    operatingHoursDescription: 'Mon–Fri 6 AM–Midnight, Sat–Sun 7 AM–11 PM', entrance: 'Enter from Hudson St at the Harborside Financial Center ramp',
    additionalInformation: 'At Harborside Financial Center on the Hudson River walkway, near the Harborside light rail stop and Exchange Place PATH.',
    capacity: 450, oversized: true, skiDataLocation: false,
    bikeParking: true, scooterParking: false, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...JERSEY_CITY, locationId: 29, locationNumber: '3003', neighborhood: 'Newport',
    address1: '30 Mall Dr W', zip: '07310', crossStreet: 'At Washington Blvd',
    latitude: 40.72691, longitude: -74.03785, phone1: '(201) 555-0133',
    operatingHoursDescription: 'Mon–Sat 8 AM–11 PM, Sun 9 AM–9 PM', entrance: 'Enter from Mall Dr W, level 2 ramp',
    additionalInformation: 'Attached to Newport Centre mall. Shoppers: validate your ticket at participating stores for discounted parking.',
    capacity: 350, oversized: true, skiDataLocation: false,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...JERSEY_CITY, locationId: 30, locationNumber: '3004', neighborhood: 'Newport',
    address1: '525 Washington Blvd', zip: '07310', crossStreet: 'At Pavonia Ave',
    latitude: 40.72702, longitude: -74.03449, phone1: '(201) 555-0134',
    operatingHoursDescription: 'Open 24 Hours', entrance: 'Enter on Washington Blvd, just north of Pavonia Ave',
    additionalInformation: 'Next to the Newport PATH station: 33rd St and World Trade Center trains. Commuter monthly parking available.',
    capacity: 300, oversized: true, skiDataLocation: true,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...JERSEY_CITY, locationId: 31, locationNumber: '3005', neighborhood: 'Journal Square',
    address1: '2 Journal Sq Plaza', zip: '07306', crossStreet: 'At Kennedy Blvd',
    latitude: 40.73294, longitude: -74.06305, phone1: '(201) 555-0135',
    operatingHoursDescription: 'Open 24 Hours', entrance: 'Enter from Journal Sq Plaza, off Kennedy Blvd',
    additionalInformation: 'At the Journal Square Transportation Center: PATH to Newark, Hoboken, 33rd St and World Trade Center, plus NJ Transit buses.',
    capacity: 200, oversized: true, skiDataLocation: true,
    bikeParking: true, scooterParking: true, electricCharging: false, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...JERSEY_CITY, locationId: 32, locationNumber: '3006', neighborhood: 'Journal Square',
    address1: '30 Sip Ave', zip: '07306', crossStreet: 'Between Kennedy Blvd & Summit Ave',
    latitude: 40.73215, longitude: -74.06352, phone1: '(201) 555-0136',
    operatingHoursDescription: 'Mon–Fri 5 AM–11 PM, Sat 7 AM–9 PM, Sun Closed', entrance: 'Enter on Sip Ave, mid-block',
    additionalInformation: 'A two-minute walk to Journal Square PATH. Compact spaces only: no oversized vehicles.',
    capacity: 150, oversized: false, skiDataLocation: false,
    bikeParking: false, scooterParking: true, electricCharging: false, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...JERSEY_CITY, locationId: 33, locationNumber: '3007', neighborhood: 'Grove Street',
    address1: '150 Bay St', zip: '07302', crossStreet: 'At Marin Blvd',
    latitude: 40.72136, longitude: -74.03921, phone1: '(201) 555-0137',
    operatingHoursDescription: 'Mon–Fri 6 AM–Midnight, Sat–Sun 7 AM–11 PM', entrance: 'Enter on Bay St, just west of Marin Blvd',
    additionalInformation: 'Between downtown Jersey City restaurants and the Grove Street PATH station. Monthly spaces for residents with permits.',
    capacity: 250, oversized: true, skiDataLocation: false,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
];
