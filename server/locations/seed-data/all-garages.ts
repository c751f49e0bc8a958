/** Every seeded garage, in location id order. */
import { BROOKLYN_GARAGES } from './brooklyn.ts';
import type { GarageSeed } from './garage-seed.ts';
import { JERSEY_CITY_GARAGES } from './jersey-city.ts';
import { MANHATTAN_GARAGES } from './manhattan.ts';
import { NEWARK_GARAGES } from './newark.ts';
import { SECAUCUS_GARAGES } from './secaucus.ts';

export const ALL_GARAGES: readonly GarageSeed[] = [
  ...MANHATTAN_GARAGES, ...BROOKLYN_GARAGES, ...JERSEY_CITY_GARAGES, ...NEWARK_GARAGES, ...SECAUCUS_GARAGES,
];
