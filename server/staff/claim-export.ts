/**
 * A claim as the claims desk reads it: labelled fields for the detail page and the rows of the CSV
 * export, from one list so both always agree. Times are New York wall time ("2026-11-22 09:15 ET").
 */
import { newYorkWallTime } from '../../src/contract/claims.ts';
import type { FullClaimRow } from './claim-queries.ts';

const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : '');
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const easternTime = (value: unknown) => (value ? `${newYorkWallTime(new Date(value as string | Date)).replace('T', ' ')} ET` : '');

export const CLAIM_COLUMNS: { label: string; read: (row: FullClaimRow) => string }[] = [
  { label: 'Claim Number', read: (row) => `E${row.claim_number}` },
  { label: 'Status', read: (row) => row.status },
  { label: 'Received', read: (row) => easternTime(row.created_at) },
  { label: 'Location', read: (row) => row.location_number },
  { label: 'Address', read: (row) => row.address1 },
  { label: 'Incident Date', read: (row) => row.incident_date },
  { label: 'Report Date', read: (row) => row.report_date },
  { label: 'First Name', read: (row) => row.first_name },
  { label: 'Last Name', read: (row) => row.last_name },
  { label: 'Email Address', read: (row) => text(row.email_address) },
  { label: 'Primary Phone', read: (row) => text(row['primary_phone']) },
  { label: 'Alternate Phone', read: (row) => text(row['alternate_phone']) },
  { label: 'Business Phone', read: (row) => text(row['business_phone']) },
  { label: 'Street', read: (row) => text(row['street']) },
  { label: 'City', read: (row) => text(row['city']) },
  { label: 'State', read: (row) => text(row['state']) },
  { label: 'ZIP Code', read: (row) => text(row['zip_code']) },
  { label: 'License Plate', read: (row) => text(row.vehicle_plate) },
  { label: 'Plate State', read: (row) => text(row['vehicle_state']) },
  { label: 'VIN', read: (row) => text(row['vehicle_vin']) },
  { label: 'Make', read: (row) => text(row['vehicle_make']) },
  { label: 'Model', read: (row) => text(row['vehicle_model']) },
  { label: 'Year', read: (row) => text(row['vehicle_year']) },
  { label: 'Color', read: (row) => text(row['vehicle_color']) },
  { label: 'Mileage', read: (row) => text(row['vehicle_mileage']) },
  { label: 'Car Brought In', read: (row) => easternTime(row['car_brought_in']) },
  { label: 'Parked By', read: (row) => text(row['parked_by']) },
  { label: 'Car Called For', read: (row) => easternTime(row['car_called_for']) },
  { label: 'Delivered By', read: (row) => text(row['delivered_by']) },
  { label: 'Nature of Claim', read: (row) => text(row['nature_of_claim']) },
  { label: 'Loss Details', read: (row) => text(row['loss_details']) },
  { label: 'Accident Description', read: (row) => text(row['accident_description']) },
  { label: 'Attendant Had Keys', read: (row) => yesNo(row['attendant_possesed_keys']) },
  { label: 'Damage Photographed', read: (row) => yesNo(row['is_damage_photographed']) },
  { label: 'Insurance Company', read: (row) => text(row['insurance_company_name']) },
  { label: 'Policy Number', read: (row) => text(row['policy_number']) },
  { label: 'Policy Expiration Date', read: (row) => text(row['policy_expiration_date']) },
  { label: 'Liability', read: (row) => yesNo(row['liability']) },
  { label: 'Comprehensive', read: (row) => yesNo(row['comprehensive']) },
  { label: 'Collision', read: (row) => yesNo(row['collision']) },
  { label: 'Photos', read: (row) => String(row.photo_count) },
];

/**
 * One CSV cell (RFC 4180: quoted when it holds a comma, quote or line break). Text a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe: the customer wrote it.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function claimsCsv(rows: readonly FullClaimRow[]): string {
  const lines = [CLAIM_COLUMNS.map((column) => csvCell(column.label)).join(',')];
  for (const row of rows) lines.push(CLAIM_COLUMNS.map((column) => csvCell(column.read(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
