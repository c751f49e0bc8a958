import { describe, expect, it } from 'vitest';
import type { GarageTicket, ProvisionalPass } from '../../contract/parking-system';
import type { Vehicle } from '../../contract/vehicles';
import { ACTIVATION_HREF, ADD_ANOTHER_VEHICLE_HREF, autoContinuePlate, opensReportedSession, vehicleToActivate, elapsedSeconds, formatTimer, lotCodeDigits, offlineMarkerText, plateScreenBackHref, preselectedVehicle, startTarget, ticketForPlate } from './flow-rules';

const ticket = (plate: string, status: GarageTicket['status'] = 'open', locationId = 1) => ({ ticketNumber: `T${plate}`, status, locationId, vehicle: { licensePlate: plate } }) as GarageTicket;
const vehicle = (plate: string) => ({ vehicleId: plate.length, licensePlate: plate }) as Vehicle;
const pass = { ticketNumber: 'PASS123' } as ProvisionalPass;

describe('park-and-pay decisions', () => {
  it('reduces a lot code to digits', () => {
    expect(lotCodeDigits(' 10-21a ')).toBe('1021');
  });

  it('picks the screen after Activate Parking', () => {
    expect(startTarget([vehicle('A1'), vehicle('B22')], [])).toBe('/parkandpay/vehicles');
    expect(startTarget([vehicle('A1')], [ticket('A1')])).toBe('/parkandpay/digital-tickets');
    expect(startTarget([], [])).toBe('/parkandpay/enter-vehicle');
  });

  it("takes a returning driver's vehicle straight to the activation screen (issue 38 item 8: three taps)", () => {
    // The only vehicle, not parked: no choice to make.
    expect(startTarget([vehicle('A1')], [])).toBe(ACTIVATION_HREF);
    expect(startTarget([vehicle('A1')], [ticket('A1', 'exited')])).toBe(ACTIVATION_HREF);
    expect(ACTIVATION_HREF).toBe('/parkandpay/reservation-payment');
    // Several vehicles: the remembered one (id = plate length here), unless it is parked now.
    expect(startTarget([vehicle('A1'), vehicle('B22')], [], false, 3)).toBe(ACTIVATION_HREF);
    expect(vehicleToActivate([vehicle('A1'), vehicle('B22')], [], 3)?.licensePlate).toBe('B22');
    expect(vehicleToActivate([vehicle('A1'), vehicle('B22')], [ticket('B22')], 3)).toBeUndefined();
    expect(startTarget([vehicle('A1'), vehicle('B22')], [ticket('B22')], false, 3)).toBe('/parkandpay/vehicles');
    // A remembered vehicle that was removed from the account is as if none were remembered.
    expect(vehicleToActivate([vehicle('A1'), vehicle('B22')], [], 99)).toBeUndefined();
    expect(vehicleToActivate([vehicle('A1')], [], 99)?.licensePlate).toBe('A1');
    // Parking another vehicle keeps its own rule (the picker), remembered or not.
    expect(startTarget([vehicle('A1'), vehicle('B22')], [ticket('A1')], true, 3)).toBe('/parkandpay/vehicles');
  });

  it('the minimum-rate notice applies only to a session the driver reports: no ticket of theirs for the plate at this lot', () => {
    expect(opensReportedSession([], 'A1', 1)).toBe(true);
    expect(opensReportedSession([ticket('A1')], 'a1', 1)).toBe(false);
    expect(opensReportedSession([ticket('A1', 'paid')], 'A1', 1)).toBe(false);
    // Their ticket for the plate at another lot, or one that has left, does not count.
    expect(opensReportedSession([ticket('A1', 'open', 2)], 'A1', 1)).toBe(true);
    expect(opensReportedSession([ticket('A1', 'exited')], 'A1', 1)).toBe(true);
    expect(opensReportedSession([ticket('B22')], 'A1', 1)).toBe(true);
  });

  it('never sends "Park another vehicle" back to Digital Tickets (issue 38: a second car could not be parked)', () => {
    // One car parked, it is the only vehicle: straight to adding the second one.
    expect(startTarget([vehicle('A1')], [ticket('A1')], true)).toBe(ADD_ANOTHER_VEHICLE_HREF);
    expect(ADD_ANOTHER_VEHICLE_HREF).toBe('/parkandpay/scan-license?backTo=%2Fparkandpay%2Fdigital-tickets');
    // A vehicle not parked yet: the picker (which preselects it).
    expect(startTarget([vehicle('A1')], [ticket('A1', 'exited')], true)).toBe('/parkandpay/vehicles');
    expect(startTarget([vehicle('A1'), vehicle('B22')], [ticket('A1')], true)).toBe('/parkandpay/vehicles');
    expect(startTarget([], [ticket('A1')], true)).toBe('/parkandpay/enter-vehicle');
    // Without the intent the spec's rule stands.
    expect(startTarget([vehicle('A1')], [ticket('A1')], false)).toBe('/parkandpay/digital-tickets');
  });

  it('preselects the first vehicle not parked yet, else the first', () => {
    expect(preselectedVehicle([vehicle('A1'), vehicle('B22')], [ticket('A1')])?.licensePlate).toBe('B22');
    expect(preselectedVehicle([vehicle('A1'), vehicle('B22')], [ticket('a1', 'exited')])?.licensePlate).toBe('A1');
    expect(preselectedVehicle([vehicle('A1'), vehicle('B22')], [ticket('A1'), ticket('B22')])?.licensePlate).toBe('A1');
    expect(preselectedVehicle([], [])).toBeUndefined();
  });

  it('auto-continues only with exactly one ticket and no passes', () => {
    expect(autoContinuePlate([ticket('A1')], [])).toBe('A1');
    expect(autoContinuePlate([ticket('A1')], [pass])).toBeUndefined();
    expect(autoContinuePlate([ticket('A1'), ticket('B2')], [])).toBeUndefined();
  });

  it('finds a ticket by plate, ignoring case and exited tickets', () => {
    expect(ticketForPlate([ticket('ABC123')], 'abc123')?.ticketNumber).toBe('TABC123');
    expect(ticketForPlate([ticket('ABC123', 'exited')], 'ABC123')).toBeUndefined();
  });

  it('sends Back to convert pass, backTo or the vehicle screen', () => {
    expect(plateScreenBackHref({ ticketNumber: 'ABC1234', backTo: '/parkandpay/vehicles' })).toBe('/parkandpay/convert?ticketNumber=ABC1234');
    expect(plateScreenBackHref({ backTo: '/parkandpay/vehicles' })).toBe('/parkandpay/vehicles');
    expect(plateScreenBackHref({ backTo: 'https://evil.example' })).toBe('/parkandpay/enter-vehicle');
  });

  it('formats the timer as HH:MM seeded from minutes', () => {
    expect(formatTimer(elapsedSeconds(61, 1_000, 1_000 + 59_000))).toBe('01:01');
    expect(formatTimer(elapsedSeconds(61, 1_000, 1_000 + 60_000))).toBe('01:02');
    expect(formatTimer(26 * 3600)).toBe('26:00');
  });

  it('marks offline data with the New York time', () => {
    expect(offlineMarkerText(Date.UTC(2026, 10, 23, 17, 4))).toBe('offline · last updated 12:04');
  });
});
