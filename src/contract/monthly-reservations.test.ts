import { describe, expect, it } from 'vitest';
import { checkMonthlyForm, type MonthlyForm } from './monthly-reservations';

const FORM: MonthlyForm = {
  firstName: 'Ann', lastName: 'Lee', fullName: null, email: 'ann@example.com', optOutEmails: false, street: '1 Main St', city: 'Hoboken', state: 'NJ', zipCode: '07030',
  country: 'United States', phoneNumber: '(201) 555-0199', vehicleBrand: 'Kia', vehicleModel: 'Soul', vehicleYear: '2022', vehicleColor: 'Red', vehicleState: 'NJ',
  vehicleLicensePlate: 'ABC1234', vehicleOwnerName: 'Ann Lee', vehicleOwnerStreet: '1 Main St', vehicleOwnerCity: 'Hoboken', vehicleOwnerState: 'NJ',
  vehicleOwnerZipCode: '07030-1234', vehicleOwnerCountry: 'United States',
};

describe('checkMonthlyForm (spec 2 §5 "Monthly form")', () => {
  it('accepts a complete form (formatted phone, ZIP+4)', () => {
    expect(checkMonthlyForm(FORM)).toEqual({});
  });
  it('names each missing or bad field once', () => {
    expect(checkMonthlyForm({ ...FORM, street: null, city: ' ', phoneNumber: '' })).toEqual({ street: 'Street field is required', city: 'City field is required', phoneNumber: 'Phone field is required' });
    expect(checkMonthlyForm({ ...FORM, phoneNumber: '555' }).phoneNumber).toBe('Phone field is invalid');
    expect(checkMonthlyForm({ ...FORM, state: 'XX' }).state).toBe('State must be selected');
    expect(checkMonthlyForm({ ...FORM, zipCode: '7030' }).zipCode).toBe('ZIP Code field is invalid');
  });
  it('checks the plate: letters and digits, 1 to 10', () => {
    expect(checkMonthlyForm({ ...FORM, vehicleLicensePlate: 'AB 12' }).vehicleLicensePlate).toBe('License Plate must contain only letters and numbers');
    expect(checkMonthlyForm({ ...FORM, vehicleLicensePlate: 'ABCDEFGHIJK' }).vehicleLicensePlate).toBe('License Plate must be 1 to 10 characters');
    expect(checkMonthlyForm({ ...FORM, vehicleLicensePlate: null }).vehicleLicensePlate).toBe('License Plate field is required');
  });
  it('takes any state text outside the listed countries', () => {
    expect(checkMonthlyForm({ ...FORM, vehicleOwnerCountry: 'France', vehicleOwnerState: 'Provence' }).vehicleOwnerState).toBeUndefined();
  });
});
