/** Secaucus garages: Secaucus Junction (park and train into Midtown) and Harmon Meadow. */
import type { GarageSeed } from './garage-seed.ts';

const SECAUCUS = { city: 'Secaucus', state: 'NJ', area: 'secaucus' } as const;

export const SECAUCUS_GARAGES: readonly GarageSeed[] = [
  {
    ...SECAUCUS, locationId: 39, locationNumber: '5001', neighborhood: 'Secaucus Junction',
    address1: '55 County Ave', zip: '07094', crossStreet: 'At Secaucus Rd',
    latitude: 40.76132, longitude: -74.07512, phone1: '(201) 555-0151',
    operatingHoursDescription: 'Open 24 Hours', entrance: 'Enter from County Ave at the Secaucus Junction station entrance',
    additionalInformation: 'Park and train: take NJ Turnpike Exit 15X, park at Secaucus Junction and reach New York Penn Station in about 10 minutes. Weekend trains to MetLife Stadium events.',
    capacity: 450, oversized: true, skiDataLocation: true,
    bikeParking: true, scooterParking: true, electricCharging: true, isCloseToTrainStation: true, selfParking: true,
  },
  {
    ...SECAUCUS, locationId: 40, locationNumber: '5002', neighborhood: 'Harmon Meadow',
    address1: '700 Plaza Dr', zip: '07094', crossStreet: 'At Harmon Meadow Blvd',
    latitude: 40.78521, longitude: -74.06223, phone1: '(201) 555-0152',
    operatingHoursDescription: 'Mon–Sun 6 AM–Midnight', entrance: 'Enter from Plaza Dr, behind the Harmon Meadow hotels',
    additionalInformation: 'Beside the Harmon Meadow hotels and shops, with a shuttle to Secaucus Junction on weekdays. Plenty of room for oversized vehicles.',
    capacity: 250, oversized: true, skiDataLocation: false,
    bikeParking: false, scooterParking: true, electricCharging: true, isCloseToTrainStation: false, selfParking: true,
  },
  {
    ...SECAUCUS, locationId: 41, locationNumber: '5003', neighborhood: 'Meadowlands Parkway',
    address1: '200 Meadowlands Pkwy', zip: '07094', crossStreet: 'At Seaview Dr',
    latitude: 40.77792, longitude: -74.06958, phone1: '(201) 555-0153',
    operatingHoursDescription: 'Mon–Fri 5 AM–11 PM, Sat–Sun 7 AM–11 PM', entrance: 'Enter from Meadowlands Pkwy at Seaview Dr',
    additionalInformation: 'Surface lot off Meadowlands Pkwy, minutes from NJ Turnpike Exit 16X. Commuter bus to Port Authority Bus Terminal from the lot entrance.',
    capacity: 200, oversized: true, skiDataLocation: false,
    bikeParking: false, scooterParking: false, electricCharging: false, isCloseToTrainStation: false, selfParking: true,
  },
];
