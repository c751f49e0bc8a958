/** A licence plate as the app stores it: upper case, letters and digits only, at most 10 (spec 2 §5). */
export const MAX_PLATE_LENGTH = 10;

export function normalizePlate(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, MAX_PLATE_LENGTH);
}

export function isPlausiblePlate(plate: string): boolean {
  return plate.length >= 1 && plate.length <= MAX_PLATE_LENGTH && /^[A-Z0-9]+$/.test(plate);
}
