/**
 * The countries a vehicle can be registered in with a state pick-list (spec 2 §3: "countries
 * United States, Canada, Mexico with states, provinces and Mexican states each having name and
 * abbreviation"). Shared by the vehicle forms and the server's validation so both accept exactly
 * the same abbreviations. Any other country takes the state as free text.
 *
 * Mexican abbreviations are the ISO 3166-2:MX subdivision codes (three letters), which never
 * collide with the two-letter US and Canadian ones.
 */

export type Region = { name: string; abbreviation: string };

export const DEFAULT_VEHICLE_COUNTRY = 'United States';
export const LISTED_COUNTRIES = ['United States', 'Canada', 'Mexico'] as const;
export type ListedCountry = (typeof LISTED_COUNTRIES)[number];

const r = (name: string, abbreviation: string): Region => ({ name, abbreviation });

export const US_STATES: readonly Region[] = [
  r('Alabama', 'AL'), r('Alaska', 'AK'), r('Arizona', 'AZ'), r('Arkansas', 'AR'), r('California', 'CA'),
  r('Colorado', 'CO'), r('Connecticut', 'CT'), r('Delaware', 'DE'), r('District of Columbia', 'DC'),
  r('Florida', 'FL'), r('Georgia', 'GA'), r('Hawaii', 'HI'), r('Idaho', 'ID'), r('Illinois', 'IL'),
  r('Indiana', 'IN'), r('Iowa', 'IA'), r('Kansas', 'KS'), r('Kentucky', 'KY'), r('Louisiana', 'LA'),
  r('Maine', 'ME'), r('Maryland', 'MD'), r('Massachusetts', 'MA'), r('Michigan', 'MI'), r('Minnesota', 'MN'),
  r('Mississippi', 'MS'), r('Missouri', 'MO'), r('Montana', 'MT'), r('Nebraska', 'NE'), r('Nevada', 'NV'),
  r('New Hampshire', 'NH'), r('New Jersey', 'NJ'), r('New Mexico', 'NM'), r('New York', 'NY'),
  r('North Carolina', 'NC'), r('North Dakota', 'ND'), r('Ohio', 'OH'), r('Oklahoma', 'OK'), r('Oregon', 'OR'),
  r('Pennsylvania', 'PA'), r('Rhode Island', 'RI'), r('South Carolina', 'SC'), r('South Dakota', 'SD'),
  r('Tennessee', 'TN'), r('Texas', 'TX'), r('Utah', 'UT'), r('Vermont', 'VT'), r('Virginia', 'VA'),
  r('Washington', 'WA'), r('West Virginia', 'WV'), r('Wisconsin', 'WI'), r('Wyoming', 'WY'),
  // Territories issue their own plates and do drive into the region (Puerto Rico above all).
  r('American Samoa', 'AS'), r('Guam', 'GU'), r('Northern Mariana Islands', 'MP'), r('Puerto Rico', 'PR'),
  r('U.S. Virgin Islands', 'VI'),
];

export const CANADA_PROVINCES: readonly Region[] = [
  r('Alberta', 'AB'), r('British Columbia', 'BC'), r('Manitoba', 'MB'), r('New Brunswick', 'NB'),
  r('Newfoundland and Labrador', 'NL'), r('Northwest Territories', 'NT'), r('Nova Scotia', 'NS'),
  r('Nunavut', 'NU'), r('Ontario', 'ON'), r('Prince Edward Island', 'PE'), r('Quebec', 'QC'),
  r('Saskatchewan', 'SK'), r('Yukon', 'YT'),
];

export const MEXICO_STATES: readonly Region[] = [
  r('Aguascalientes', 'AGU'), r('Baja California', 'BCN'), r('Baja California Sur', 'BCS'), r('Campeche', 'CAM'),
  r('Chiapas', 'CHP'), r('Chihuahua', 'CHH'), r('Ciudad de México', 'CMX'), r('Coahuila', 'COA'),
  r('Colima', 'COL'), r('Durango', 'DUR'), r('Guanajuato', 'GUA'), r('Guerrero', 'GRO'), r('Hidalgo', 'HID'),
  r('Jalisco', 'JAL'), r('México', 'MEX'), r('Michoacán', 'MIC'), r('Morelos', 'MOR'), r('Nayarit', 'NAY'),
  r('Nuevo León', 'NLE'), r('Oaxaca', 'OAX'), r('Puebla', 'PUE'), r('Querétaro', 'QUE'),
  r('Quintana Roo', 'ROO'), r('San Luis Potosí', 'SLP'), r('Sinaloa', 'SIN'), r('Sonora', 'SON'),
  r('Tabasco', 'TAB'), r('Tamaulipas', 'TAM'), r('Tlaxcala', 'TLA'), r('Veracruz', 'VER'), r('Yucatán', 'YUC'),
  r('Zacatecas', 'ZAC'),
];

export const REGIONS_BY_COUNTRY: Readonly<Record<ListedCountry, readonly Region[]>> = {
  'United States': US_STATES,
  Canada: CANADA_PROVINCES,
  Mexico: MEXICO_STATES,
};

/** The listed country with this name (case-insensitive), or undefined for a free-text country. */
export function findListedCountry(country: string): ListedCountry | undefined {
  const wanted = country.trim().toLowerCase();
  return LISTED_COUNTRIES.find((name) => name.toLowerCase() === wanted);
}

/**
 * The region of a listed country matching an abbreviation or a full name, case-insensitively
 * (the form sends abbreviations; a full name typed by hand is accepted too).
 */
export function findRegion(country: ListedCountry, value: string): Region | undefined {
  const wanted = value.trim().toLowerCase();
  return REGIONS_BY_COUNTRY[country].find(
    (region) => region.abbreviation.toLowerCase() === wanted || region.name.toLowerCase() === wanted,
  );
}

/** Full name for display when editing ("State is sent as abbreviation and shown as full name"). */
export function regionName(country: string, abbreviation: string): string {
  const listed = findListedCountry(country);
  return (listed && findRegion(listed, abbreviation)?.name) ?? abbreviation;
}
