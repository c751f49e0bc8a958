/** Brooklyn garages: Downtown Brooklyn, Barclays Center / Atlantic Terminal, Brooklyn Heights, DUMBO, Navy Yard. */
import type { GarageSeed } from './garage-seed.ts';

const BROOKLYN = { city: 'Brooklyn', state: 'NY', area: 'brooklyn' } as const;

export const BROOKLYN_GARAGES: readonly GarageSeed[] = [
  {
    ...BROOKLYN, locationId: 20, locationNumber: '2001', neighborhood: 'Downtown Brooklyn',
    address1: '333 Adams St', zip: '11201', crossStreet: 'At Willoughby St',
    latitude: 40.69283, longitude: -73.98868, phone1: '(718) 555-0121',
    operatingHoursDescription: 'Open 24 Hours', entrance: 'Enter on Adams St, just north of Willoughby St',
    additionalInformation: 'Beside MetroTech Center and the Brooklyn courts, a short walk to Borough Hall and Jay St–MetroTech stations. Hotel guests: ask the front desk for overnight validation.',
    capacity: 280, oversized: true, skiDataLocation: true,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: false,
  },
  {
    ...BROOKLYN, locationId: 21, locationNumber: '2002', neighborhood: 'Atlantic Terminal',
    address1: '139 Flatbush Ave', zip: '11217', crossStreet: 'At Atlantic Ave',
    latitude: 40.68453, longitude: -73.97755, phone1: '(718) 555-0122',
    operatingHoursDescription: 'Mon–Sat 7 AM–1 AM, Sun 8 AM–11 PM', entrance: 'Enter on Flatbush Ave, just north of Atlantic Ave',
    additionalInformation: 'Above Atlantic Terminal (LIRR) and the Atlantic Av–Barclays Ctr subway hub, across the street from Barclays Center. Event rates apply on Barclays Center event nights.',
    capacity: 380, oversized: true, skiDataLocation: false,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...BROOKLYN, locationId: 22, locationNumber: '2003', neighborhood: 'Barclays Center',
    address1: '550 Dean St', zip: '11217', crossStreet: 'Between 6th Ave & Carlton Ave',
    latitude: 40.68068, longitude: -73.97288, phone1: '(718) 555-0123',
    operatingHoursDescription: 'Open 24 Hours', entrance: 'Enter on Dean St, east of 6th Ave',
    additionalInformation: 'One block behind Barclays Center in Prospect Heights. Pre-book for Nets and Liberty games and concerts; event rates apply from two hours before doors open.',
    capacity: 300, oversized: true, skiDataLocation: true,
    bikeParking: true, scooterParking: false, electricCharging: false, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...BROOKLYN, locationId: 23, locationNumber: '2004', neighborhood: 'Brooklyn Heights',
    address1: '16 Court St', zip: '11241', crossStreet: 'Between Montague St & Remsen St',
    latitude: 40.69378, longitude: -73.99077, phone1: '(718) 555-0124',
    operatingHoursDescription: 'Mon–Fri 6 AM–10 PM, Sat 8 AM–8 PM, Sun Closed', entrance: 'Enter on Court St, across from Borough Hall',
    additionalInformation: 'Across from Brooklyn Borough Hall, near the courts and the Brooklyn Heights Promenade. Weekday garage: closed Sundays.',
    capacity: 180, oversized: false, skiDataLocation: false,
    bikeParking: false, scooterParking: true, electricCharging: false, isCloseToTrainStation: true, selfParking: false,
  },
  {
    ...BROOKLYN, locationId: 24, locationNumber: '2005', neighborhood: 'Fulton Mall',
    address1: '388 Bridge St', zip: '11201', crossStreet: 'Between Fulton St & Willoughby St',
    latitude: 40.69148, longitude: -73.98546, phone1: '(718) 555-0125',
    operatingHoursDescription: 'Mon–Fri 6 AM–Midnight, Sat–Sun 7 AM–11 PM', entrance: 'Enter on Bridge St, mid-block',
    additionalInformation: 'A block from the Fulton Mall shops, City Point and the DeKalb Av station. EV charging on level 1.',
    capacity: 220, oversized: true, skiDataLocation: false,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...BROOKLYN, locationId: 25, locationNumber: '2006', neighborhood: 'Brooklyn Navy Yard',
    address1: '63 Flushing Ave', zip: '11205', crossStreet: 'At Cumberland St',
    latitude: 40.69797, longitude: -73.97246, phone1: '(718) 555-0126',
    operatingHoursDescription: 'Mon–Fri 6 AM–10 PM, Sat–Sun 8 AM–8 PM', entrance: 'Enter on Flushing Ave at the Cumberland St gate',
    additionalInformation: 'At the Cumberland St gate of the Brooklyn Navy Yard. Open-air lot with room for vans and box trucks.',
    capacity: 240, oversized: true, skiDataLocation: false,
    bikeParking: true, scooterParking: true, electricCharging: false, isCloseToTrainStation: false, selfParking: true,
  },
  {
    ...BROOKLYN, locationId: 26, locationNumber: '2007', neighborhood: 'DUMBO',
    address1: '30 Main St', zip: '11201', crossStreet: 'At Water St',
    latitude: 40.70304, longitude: -73.99068, phone1: '(718) 555-0127',
    operatingHoursDescription: 'Mon–Fri 7 AM–Midnight, Sat–Sun 8 AM–Midnight', entrance: 'Enter on Main St, just south of Water St',
    additionalInformation: 'Under the Manhattan Bridge arches, a short walk to Brooklyn Bridge Park and Jane\'s Carousel. Cobblestone streets: drive slowly. No oversized vehicles.',
    capacity: 150, oversized: false, skiDataLocation: false,
    bikeParking: true, scooterParking: true, electricCharging: false, isCloseToTrainStation: false, selfParking: false,
  },
];
