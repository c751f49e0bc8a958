/** Newark garages: Newark Penn Station / Gateway Center, the Prudential Center arena district, Broad St. */
import type { GarageSeed } from './garage-seed.ts';

const NEWARK = { city: 'Newark', state: 'NJ', area: 'newark' } as const;

export const NEWARK_GARAGES: readonly GarageSeed[] = [
  {
    ...NEWARK, locationId: 34, locationNumber: '4001', neighborhood: 'Newark Penn Station',
    address1: '1 Raymond Plaza W', zip: '07102', crossStreet: 'At Raymond Blvd',
    latitude: 40.73567, longitude: -74.16618, phone1: '(973) 555-0141',
    operatingHoursDescription: 'Open 24 Hours', entrance: 'Enter on Raymond Blvd, west of Market St',
    additionalInformation: 'Connected by walkway to Newark Penn Station: NJ Transit, Amtrak and PATH to Manhattan. Ideal for Newark Liberty Airport travellers taking the train.',
    capacity: 280, oversized: true, skiDataLocation: true,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...NEWARK, locationId: 35, locationNumber: '4002', neighborhood: 'Gateway Center',
    address1: '100 Mulberry St', zip: '07102', crossStreet: 'At Market St',
    latitude: 40.73503, longitude: -74.16783, phone1: '(973) 555-0142',
    operatingHoursDescription: 'Mon–Fri 5 AM–Midnight, Sat–Sun 7 AM–Midnight', entrance: 'Enter on Mulberry St, just north of Market St',
    additionalInformation: 'Below Gateway Center offices, linked to Newark Penn Station by the covered Gateway walkway. Event rates apply on Prudential Center event nights.',
    capacity: 220, oversized: true, skiDataLocation: false,
    bikeParking: false, scooterParking: true, electricCharging: false, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...NEWARK, locationId: 36, locationNumber: '4003', neighborhood: 'Prudential Center', arenaZone: true,
    address1: '165 Mulberry St', zip: '07102', crossStreet: 'At Lafayette St',
    latitude: 40.73286, longitude: -74.17008, phone1: '(973) 555-0143',
    operatingHoursDescription: 'Mon–Sun 6 AM–1 AM; later on event nights', entrance: 'Enter on Mulberry St, across from the Prudential Center box office',
    additionalInformation: 'Across the street from Prudential Center, home of the New Jersey Devils. Event rates and the Newark event surcharge apply on event days; pre-book to guarantee a space.',
    capacity: 400, oversized: true, skiDataLocation: false,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...NEWARK, locationId: 37, locationNumber: '4004', neighborhood: 'Prudential Center', arenaZone: true,
    address1: '41 Edison Pl', zip: '07102', crossStreet: 'Between Broad St & Mulberry St',
    latitude: 40.73422, longitude: -74.17137, phone1: '(973) 555-0144',
    operatingHoursDescription: 'Mon–Fri 6 AM–11 PM; event nights until 1 AM', entrance: 'Enter on Edison Pl, mid-block',
    additionalInformation: 'On the north side of Prudential Center, a short walk to Newark Penn Station. Event rates and the Newark event surcharge apply on event days.',
    capacity: 350, oversized: true, skiDataLocation: true,
    bikeParking: false, scooterParking: true, electricCharging: false, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...NEWARK, locationId: 38, locationNumber: '4005', neighborhood: 'Downtown Newark',
    address1: '540 Broad St', zip: '07102', crossStreet: 'At Central Ave',
    latitude: 40.74388, longitude: -74.17146, phone1: '(973) 555-0145',
    operatingHoursDescription: 'Mon–Fri 6 AM–10 PM, Sat–Sun Closed', entrance: 'Enter on Broad St, just south of Central Ave',
    additionalInformation: 'Near Military Park, NJPAC and the Broad Street light rail stop. Weekday garage: closed weekends except NJPAC performance nights.',
    capacity: 160, oversized: false, skiDataLocation: false,
    bikeParking: true, scooterParking: false, electricCharging: false, isCloseToTrainStation: true, selfParking: true,
  },
];
