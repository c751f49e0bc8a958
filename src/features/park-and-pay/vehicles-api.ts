/**
 * The account's vehicles for the park-and-pay screens. The endpoint module lives in src/lib
 * because My Account → Vehicles reads and writes the same cached list; this file keeps the
 * flow's imports short and in one place.
 */
export { addVehicle, invalidateVehicles, vehiclesQueryOptions } from '../../lib/vehicles-api';
