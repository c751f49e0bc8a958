import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/errors';
import { formatRemovalDate, parseVehicleId, vehicleDescription, vehicleRegistration, vehicleTitle } from './vehicle-display';
import { removeErrorAlert, saveErrorAlert } from './vehicle-messages';
import type { Vehicle } from '../../contract/vehicles';

describe('vehicle alerts (spec 2 §8, spec 3 §8)', () => {
  it('a duplicate plate shows the spec text with a contact link', () => {
    expect(saveErrorAlert(new ApiError(409, 'whatever'))).toEqual({
      title: 'Error',
      message: 'A vehicle with this license plate is already registered. If you believe this is an error, please contact us for assistance.',
      hasContactLink: true,
    });
  });

  it('any other save failure shows "not able to save", and no answer the network alert', () => {
    expect(saveErrorAlert(new ApiError(500, 'boom')).message).toBe('We are not able to save your vehicle details. Please try again later.');
    expect(saveErrorAlert(new TypeError('x')).message).toBe('We are not able to save your vehicle details. Please try again later.');
    expect(saveErrorAlert(new NetworkError())).toEqual({ title: 'Network Problem', message: 'Your device appears to be offline. Please enable your network connection and try again.' });
  });

  it('a failed removal shows the server message, else the system alert', () => {
    expect(removeErrorAlert(new ApiError(404, 'The vehicle was not found'))).toEqual({ title: 'Error', message: 'The vehicle was not found' });
    expect(removeErrorAlert(new ApiError(503, 'down')).title).toBe('System Error');
    expect(removeErrorAlert(new NetworkError()).title).toBe('Network Problem');
  });
});

describe('vehicle display', () => {
  const vehicle = { licensePlate: 'ABC1234', make: 'Toyota', model: 'Camry', year: 2019, color: 'Silver', country: 'United States', state: 'NY', nickname: null } as Vehicle;
  it('titles by nickname, else make and model', () => {
    expect(vehicleTitle(vehicle)).toBe('Toyota Camry');
    expect(vehicleTitle({ ...vehicle, nickname: 'Work car' })).toBe('Work car');
    expect(vehicleDescription(vehicle)).toBe('2019 Toyota Camry · Silver');
  });

  it('reads sensibly without the optional year, make, model and colour', () => {
    const plateOnly = { ...vehicle, make: null, model: null, year: null, color: null };
    expect(vehicleTitle(plateOnly)).toBe('ABC1234');
    expect(vehicleDescription(plateOnly)).toBeUndefined();
    expect(vehicleDescription({ ...plateOnly, make: 'Honda', color: 'Red' })).toBe('Honda · Red');
    expect(vehicleDescription({ ...plateOnly, year: 2020 })).toBe('2020');
    expect(vehicleTitle({ ...plateOnly, model: 'Civic' })).toBe('Civic');
  });

  it('names the state, and the country outside the US', () => {
    expect(vehicleRegistration(vehicle)).toBe('New York (NY)');
    expect(vehicleRegistration({ ...vehicle, country: 'Canada', state: 'ON' })).toBe('Ontario (ON), Canada');
    expect(vehicleRegistration({ ...vehicle, country: 'Germany', state: 'Bavaria' })).toBe('Bavaria, Germany');
  });

  it('formats the removal day without shifting it', () => {
    expect(formatRemovalDate('2026-11-30')).toBe('Mon, Nov 30, 2026');
  });

  it('parses the edit route parameter', () => {
    expect(parseVehicleId('42')).toBe(42);
    expect(parseVehicleId('0')).toBeUndefined();
    expect(parseVehicleId('4x')).toBeUndefined();
  });
});
