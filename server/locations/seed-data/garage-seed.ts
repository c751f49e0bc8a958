/**
 * The compact description of one seeded garage. The seeder derives the rest of the Location
 * record from it (seoUrl, browser title, SEO text, confirmation copy, image rows), so each area
 * file stays a readable list of real places. Coordinates were placed on the named street,
 * between the named cross streets, from the Manhattan grid and known landmarks.
 */
import type { LocationArea } from '../../../src/contract/locations.ts';

export type GarageSeed = {
  locationId: number;
  /** Lot code drivers type at the gate: 4 digits, unique. First digit = area. */
  locationNumber: string;
  /** Neighbourhood label shown before the address, e.g. "Times Square". */
  neighborhood: string;
  address1: string;
  city: string;
  state: 'NY' | 'NJ';
  zip: string;
  crossStreet: string;
  area: LocationArea;
  /** Newark arena district: event surcharge applies (rates service). */
  arenaZone?: boolean;
  latitude: number;
  longitude: number;
  phone1: string;
  operatingHoursDescription: string;
  /** Where the car goes in; used in the confirmation copy. */
  entrance: string;
  additionalInformation: string;
  capacity: number;
  oversized: boolean;
  skiDataLocation: boolean;
  bikeParking: boolean;
  scooterParking: boolean;
  electricCharging: boolean;
  isCloseToTrainStation: boolean;
  selfParking: boolean;
};

/** "123 W 44th St" + "New York" → "123-w-44th-st-new-york". */
export function seoUrlFor(garage: Pick<GarageSeed, 'address1' | 'city'>): string {
  return `${garage.address1} ${garage.city}`
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
