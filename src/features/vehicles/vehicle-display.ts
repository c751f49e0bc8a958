/** How a saved vehicle reads on the list (spec 2 §3 Vehicle): pure, so the wording is tested. */
import { regionName } from '../../contract/vehicle-regions';
import { vehicleMakeModel, type Vehicle } from '../../contract/vehicles';

/** The card's heading: the nickname, else make and model, else (a vehicle saved with its plate only) the plate. */
export const vehicleTitle = (vehicle: Vehicle): string => vehicle.nickname?.trim() || vehicleMakeModel(vehicle) || vehicle.licensePlate;

/**
 * "2019 Toyota Camry · Silver", leaving out what was not given (year, make, model and colour are
 * optional, decision 0111); undefined when none was, so the card shows no empty row.
 */
export function vehicleDescription(vehicle: Vehicle): string | undefined {
  const name = [vehicle.year === null ? '' : String(vehicle.year), vehicleMakeModel(vehicle)].filter(Boolean).join(' ');
  return [name, vehicle.color ?? ''].filter(Boolean).join(' · ') || undefined;
}

/** "New York (NY)" for a listed country; "Bavaria, Germany" for free text. */
export function vehicleRegistration(vehicle: Vehicle): string {
  const name = regionName(vehicle.country, vehicle.state);
  const region = name === vehicle.state ? vehicle.state : `${name} (${vehicle.state})`;
  return vehicle.country === 'United States' ? region : `${region}, ${vehicle.country}`;
}

/** "Mon, Nov 30, 2026" for a YYYY-MM-DD removal date (a calendar day: no time zone shift). */
export function formatRemovalDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
}

/** The :vehicleId of /my-account/vehicles/edit/{vehicleId}; anything else is "no such vehicle". */
export function parseVehicleId(param: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(param) ? Number(param) : undefined;
}
