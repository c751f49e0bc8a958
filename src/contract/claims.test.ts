/** Every claim-form rule of spec 3 §5 with its message, and the payload rules of §7. */
import { describe, expect, it } from 'vitest';
import {
  CLAIM_LIMITS, CLAIM_MESSAGES, checkClaim, EMPTY_CLAIM_DRAFT, inFutureMessage, invalidDateMessage, parseEasternTime,
  stripClaimNumberPrefix, toClaimPayload, toEasternTime, tooLongMessage, type ClaimDraft,
} from './claims';

const NOW = new Date('2026-11-23T19:00:00Z'); // 2:00 PM in New York
const TODAY = '2026-11-23';

const filled: ClaimDraft = {
  ...EMPTY_CLAIM_DRAFT,
  locationID: '44', incidentDate: '2026-11-22', reportDate: '2026-11-23', claimNumber: 'E20417',
  firstName: 'Pat', lastName: 'Driver', carBroughtIn: '2026-11-22T09:15', carCalledFor: '2026-11-22T18:40',
  attendantPossesedKeys: 'yes', isDamagePhotographed: 'no',
};
const errorsOf = (draft: Partial<ClaimDraft>) => checkClaim(toClaimPayload({ ...filled, ...draft }), NOW, TODAY);

describe('checkClaim', () => {
  it('accepts a claim with only the required fields', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('names every required field with the spec text', () => {
    expect(checkClaim(toClaimPayload(EMPTY_CLAIM_DRAFT), NOW, TODAY)).toEqual({
      locationID: 'Location field is required',
      incidentDate: 'Incident date field is required',
      reportDate: 'Report date field is required',
      firstName: 'First name field is required',
      lastName: 'Last Name field is required',
      claimNumber: 'Claim number field is required',
      carBroughtIn: 'Car Brought In field is required',
      carCalledFor: 'Car Called For field is required',
      attendantPossesedKeys: 'Field is required',
      isDamagePhotographed: 'Field is required',
    });
  });

  it('treats blanks as missing and a lone E as no claim number', () => {
    expect(errorsOf({ firstName: '   ', claimNumber: 'E' })).toEqual({ firstName: CLAIM_MESSAGES.firstNameRequired, claimNumber: CLAIM_MESSAGES.claimNumberRequired });
  });

  it.each(Object.entries(CLAIM_LIMITS) as [keyof typeof CLAIM_LIMITS, number][])('limits %s to %i characters', (field, limit) => {
    const atLimit = field === 'vehicleVin' ? '1HGCM82633A004352' : field.endsWith('Phone') ? '2125550142'.padEnd(limit, ' ') : field === 'emailAddress' ? `${'a'.repeat(limit - 12)}@example.com` : 'A'.repeat(limit);
    if (!field.endsWith('Phone')) expect(errorsOf({ [field]: atLimit })[field]).toBeUndefined();
    expect(errorsOf({ [field]: 'A'.repeat(limit + 1) })[field]).toBe(tooLongMessage(field));
  });

  it('checks phones only when given, each with its own message', () => {
    expect(errorsOf({ primaryPhone: '(212) 555-0142', alternatePhone: '+1 201 555 0102', businessPhone: '' })).toEqual({});
    expect(errorsOf({ primaryPhone: '555', alternatePhone: 'call me', businessPhone: '000-000-0000' })).toEqual({
      primaryPhone: 'Primary Phone field is invalid', alternatePhone: 'Alternate Phone field is invalid', businessPhone: 'Business Phone field is invalid',
    });
  });

  it('checks the email format and the VIN length of 17', () => {
    expect(errorsOf({ emailAddress: 'pat@', vehicleVin: '1HGCM82633A00435' })).toEqual({ emailAddress: CLAIM_MESSAGES.emailInvalid, vehicleVin: 'VIN must be 17 characters' });
  });

  it('refuses dates and date-times in the future (New York time), and dates that do not exist', () => {
    expect(errorsOf({ incidentDate: '2026-11-24', reportDate: '2026-02-30' })).toEqual({ incidentDate: inFutureMessage('incidentDate'), reportDate: invalidDateMessage('reportDate') });
    // 2:01 PM New York is after 2:00 PM; 1:59 PM is not.
    expect(errorsOf({ carBroughtIn: '2026-11-23T13:59', carCalledFor: '2026-11-23T14:01' })).toEqual({ carCalledFor: inFutureMessage('carCalledFor') });
    expect(errorsOf({ policyExpirationDateTime: '2027-05-01' })).toEqual({});
  });

  it.each([
    ['incidentDate', '2026-11-24', '2026-13-01'],
    ['reportDate', '2026-11-24', '2026-02-30'],
    ['carBroughtIn', '2026-11-23T14:01', '2026-02-30T09:00'],
    ['carCalledFor', '2026-11-23T14:01', '2026-11-22T25:00'],
  ] as const)('gives %s its own future and not-a-date messages', (field, future, notADate) => {
    expect(errorsOf({ [field]: future })).toEqual({ [field]: inFutureMessage(field) });
    expect(errorsOf({ [field]: notADate })).toEqual({ [field]: invalidDateMessage(field) });
  });

  it('checks the policy expiration date only when given, and it may be in the future', () => {
    expect(errorsOf({ policyExpirationDateTime: '2031-04-31' })).toEqual({ policyExpirationDateTime: invalidDateMessage('policyExpirationDateTime') });
    expect(errorsOf({ policyExpirationDateTime: '' })).toEqual({});
  });
});

describe('toClaimPayload (spec 3 §7)', () => {
  it('sends the claim number without its E, dates as dates, empty phones as null, times in Eastern time', () => {
    const payload = toClaimPayload({ ...filled, incidentDate: '2026-11-22T10:00', policyExpirationDateTime: '2027-05-01', vehicleVin: '1hgcm82633a004352', vehiclePlate: 'klm-4822' });
    expect(payload).toMatchObject({
      locationID: 44, claimNumber: '20417', incidentDate: '2026-11-22', policyExpirationDateTime: '2027-05-01',
      primaryPhone: null, alternatePhone: null, businessPhone: null,
      carBroughtIn: '2026-11-22T09:15:00-05:00', carCalledFor: '2026-11-22T18:40:00-05:00',
      attendantPossesedKeys: true, isDamagePhotographed: false, vehicleVin: '1HGCM82633A004352', vehiclePlate: 'KLM4822',
    });
  });

  it('strips a leading E or e only', () => {
    expect(stripClaimNumberPrefix(' e20417 ')).toBe('20417');
    expect(stripClaimNumberPrefix('20417E')).toBe('20417E');
  });
});

describe('Eastern time', () => {
  it('uses daylight time in summer and standard time in winter', () => {
    expect(toEasternTime('2026-07-04T12:00')).toBe('2026-07-04T12:00:00-04:00');
    expect(toEasternTime('2026-01-04T12:00')).toBe('2026-01-04T12:00:00-05:00');
    expect(toEasternTime('2026-13-04T12:00')).toBeNull();
  });

  it('refuses an offset New York does not have at that instant', () => {
    expect(parseEasternTime('2026-07-04T12:00:00-04:00')).toBe(Date.parse('2026-07-04T16:00:00Z'));
    expect(parseEasternTime('2026-07-04T12:00:00-05:00')).toBeUndefined();
    expect(parseEasternTime('2026-07-04T12:00:00Z')).toBeUndefined();
  });
});
