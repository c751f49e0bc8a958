/** Feature icons/labels of spec 1 §2.3, in display order. */
import type { Location } from '../../contract/locations';

const AMENITIES = [
  { key: 'bikeParking', label: 'Bicycle parking' },
  { key: 'scooterParking', label: 'Motorcycle parking' },
  { key: 'oversized', label: 'SUV/oversized vehicle parking' },
  { key: 'electricCharging', label: 'Electric charging' },
  { key: 'isCloseToTrainStation', label: 'Close to the Train Station' },
  { key: 'selfParking', label: 'Self-Parking' },
] as const satisfies ReadonlyArray<{ key: keyof Location; label: string }>;

export function listAmenities(location: Location): string[] {
  return AMENITIES.filter(({ key }) => location[key]).map(({ label }) => label);
}
