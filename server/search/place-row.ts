/**
 * A gazetteer row as the data build writes it (data/places.json.gz) and the seed inserts it,
 * and how important each kind of place is when two match the typed text equally well.
 */
import type { PlaceKind } from '../../src/contract/search.ts';

export type PlaceRow = {
  id: string;
  name: string;
  secondary: string;
  kind: PlaceKind;
  /** 0–100: hubs 100, arenas 90, cities 85, stations 80, venues 75 … minor streets 40, addresses 30. */
  importance: number;
  latitude: number;
  longitude: number;
  /** Other names it answers to ("The Garden", "Pennsylvania Station"). */
  altNames: string[];
};

/** Default importance of a kind; the data build raises hubs, arenas and long avenues. */
export const PLACE_IMPORTANCE: Record<PlaceKind, number> = {
  station: 80,
  venue: 75,
  landmark: 60,
  neighbourhood: 65,
  city: 85,
  garage: 55,
  street: 40,
  address: 30,
  place: 25,
};

/** The file's compact form: one array per place. */
export type PackedPlace = [string, string, string, PlaceKind, number, number, number, string[]];
