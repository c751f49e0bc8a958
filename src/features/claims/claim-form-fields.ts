/** The claim form's layout (spec 3 §3 Claim): which fields, in which group, with which input. */
import { CLAIM_LIMITS, stripClaimNumberPrefix, type ClaimField } from '../../contract/claims';

export type FieldKind = 'text' | 'email' | 'tel' | 'date' | 'past-date' | 'past-date-time' | 'textarea' | 'yes-no' | 'check' | 'location';

export type FieldSpec = { field: ClaimField; label: string; kind: FieldKind; isRequired?: boolean; autoComplete?: string };

export type FieldGroup = { title: string; fields: FieldSpec[] };

export const CLAIM_GROUPS: FieldGroup[] = [
  {
    title: 'Incident',
    fields: [
      { field: 'locationID', label: 'Location', kind: 'location', isRequired: true },
      { field: 'claimNumber', label: 'Claim Number', kind: 'text', isRequired: true },
      { field: 'incidentDate', label: 'Incident Date', kind: 'past-date', isRequired: true },
      { field: 'reportDate', label: 'Report Date', kind: 'past-date', isRequired: true },
    ],
  },
  {
    title: 'Your Information',
    fields: [
      { field: 'firstName', label: 'First Name', kind: 'text', isRequired: true, autoComplete: 'given-name' },
      { field: 'lastName', label: 'Last Name', kind: 'text', isRequired: true, autoComplete: 'family-name' },
      { field: 'emailAddress', label: 'Email Address', kind: 'email', autoComplete: 'email' },
      { field: 'primaryPhone', label: 'Primary Phone', kind: 'tel', autoComplete: 'tel' },
      { field: 'alternatePhone', label: 'Alternate Phone', kind: 'tel' },
      { field: 'businessPhone', label: 'Business Phone', kind: 'tel' },
      { field: 'street', label: 'Street', kind: 'text', autoComplete: 'street-address' },
      { field: 'city', label: 'City', kind: 'text', autoComplete: 'address-level2' },
      { field: 'state', label: 'State', kind: 'text', autoComplete: 'address-level1' },
      { field: 'zipCode', label: 'ZIP Code', kind: 'text', autoComplete: 'postal-code' },
    ],
  },
  {
    title: 'Vehicle',
    fields: [
      { field: 'vehiclePlate', label: 'License Plate', kind: 'text' },
      { field: 'vehicleState', label: 'Plate State', kind: 'text' },
      { field: 'vehicleVin', label: 'VIN (17 characters)', kind: 'text' },
      { field: 'vehicleMake', label: 'Make', kind: 'text' },
      { field: 'vehicleModel', label: 'Model', kind: 'text' },
      { field: 'vehicleYear', label: 'Year', kind: 'text' },
      { field: 'vehicleColor', label: 'Color', kind: 'text' },
      { field: 'vehicleMileage', label: 'Mileage', kind: 'text' },
    ],
  },
  {
    title: 'Parking',
    fields: [
      { field: 'carBroughtIn', label: 'Car Brought In', kind: 'past-date-time', isRequired: true },
      { field: 'parkedBy', label: 'Parked By', kind: 'text' },
      { field: 'carCalledFor', label: 'Car Called For', kind: 'past-date-time', isRequired: true },
      { field: 'deliveredBy', label: 'Delivered By', kind: 'text' },
      { field: 'attendantPossesedKeys', label: 'Did the attendant have your keys?', kind: 'yes-no', isRequired: true },
      { field: 'isDamagePhotographed', label: 'Was the damage photographed?', kind: 'yes-no', isRequired: true },
    ],
  },
  {
    title: 'Claim',
    fields: [
      { field: 'natureOfClaim', label: 'Nature of Claim', kind: 'text' },
      { field: 'lossDetails', label: 'Loss Details', kind: 'textarea' },
      { field: 'accidentDescription', label: 'Accident Description', kind: 'textarea' },
    ],
  },
  {
    title: 'Insurance',
    fields: [
      { field: 'insuranceCompanyName', label: 'Insurance Company', kind: 'text' },
      { field: 'policyNumber', label: 'Policy Number', kind: 'text' },
      { field: 'policyExpirationDateTime', label: 'Policy Expiration Date', kind: 'date' },
      { field: 'liability', label: 'Liability', kind: 'check' },
      { field: 'comprehensive', label: 'Comprehensive', kind: 'check' },
      { field: 'collision', label: 'Collision', kind: 'check' },
    ],
  },
];

/**
 * The input's maxlength: the rule's limit. The claim number gets one more only while it starts with
 * the E the form offers (removed when sent): 21 typed digits had passed the input and failed the
 * 20 of the rule (issue 38 item 11).
 */
export function maxLengthOf(field: ClaimField, value = ''): number | undefined {
  if (!(field in CLAIM_LIMITS)) return undefined;
  const limit = CLAIM_LIMITS[field as keyof typeof CLAIM_LIMITS];
  return field === 'claimNumber' && stripClaimNumberPrefix(value) !== value.trim() ? limit + 1 : limit;
}
