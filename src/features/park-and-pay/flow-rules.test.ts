import { describe, expect, it } from 'vitest';
import type { GarageTicket, ProvisionalPass } from '../../contract/parking-system';
import type { Vehicle } from '../../contract/vehicles';
import { autoContinuePlate, elapsedSeconds, formatTimer, lotCodeDigits, offlineMarkerText, plateScreenBackHref, startTarget, ticketForPlate } from './flow-rules';

const ticket = (plate: string, status: GarageTicket['status'] = 'open') => ({ ticketNumber: `T${plate}`, status, vehicle: { licensePlate: plate } }) as GarageTicket;
const vehicle = (plate: string) => ({ vehicleId: plate.length, licensePlate: plate }) as Vehicle;
const pass = { ticketNumber: 'PASS123' } as ProvisionalPass;

describe('park-and-pay decisions', () => {
  it('reduces a lot code to digits', () => {
    expect(lotCodeDigits(' 10-21a ')).toBe('1021');
  });

  it('picks the screen after Activate Parking', () => {
    expect(startTarget([vehicle('A1'), vehicle('B22')], [])).toBe('/parkandpay/vehicles');
    expect(startTarget([vehicle('A1')], [ticket('A1')])).toBe('/parkandpay/digital-tickets');
    expect(startTarget([vehicle('A1')], [ticket('A1', 'exited')])).toBe('/parkandpay/enter-vehicle');
    expect(startTarget([], [])).toBe('/parkandpay/enter-vehicle');
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
