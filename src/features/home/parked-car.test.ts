import { describe, expect, it } from 'vitest';
import type { GarageTicket } from '../../contract/parking-system';
import type { ExitPassRecord } from '../../lib/offline-store';
import { KEPT_PASS_MAX_AGE_MS, parkedCarFromPasses, parkedCarFromTickets } from './parked-car';

const ticket = (ticketNumber: string, plate: string | null, entryTimeUtc: string, status: GarageTicket['status'] = 'open'): GarageTicket => ({
  id: 1, ticketNumber, locationId: 1, locationNumber: '1044', address1: `${ticketNumber} garage`, entryTimeUtc,
  entryTime: { utcTime: entryTimeUtc, localTime: entryTimeUtc }, exitTimeUtc: null, status, isMonthly: false,
  vehicle: { licensePlate: plate }, minutes: 60, amount: 22, serviceFeeAmount: 1, amountDue: 23, amountPaid: 0,
});

const pass = (licensePlate: string, savedAt: number): ExitPassRecord => ({
  ticketNumber: `T${licensePlate}`, qrText: `https://x/app/T${licensePlate}`, licensePlate, address: `${licensePlate} garage`, entryLocalTime: '', savedAt,
});

describe('parkedCarFromTickets (the saved ticket list decides)', () => {
  it('puts the most recently entered car still in a garage first, and counts the others', () => {
    const car = parkedCarFromTickets([
      ticket('OLD1234', 'OLD1', '2026-11-25T08:00:00Z'),
      ticket('NEW1234', 'NEW1', '2026-11-25T10:00:00Z', 'paid'),
      ticket('GONE123', 'GONE1', '2026-11-25T11:00:00Z', 'exited'),
    ], 'https://parkfair.example');
    expect(car).toEqual({ licensePlate: 'NEW1', address: 'NEW1234 garage', ticketNumber: 'NEW1234', qrText: 'https://parkfair.example/app/NEW1234', otherCars: 1 });
  });

  it('has no car when every ticket has left or has no plate', () => {
    expect(parkedCarFromTickets([], 'https://x')).toBeUndefined();
    expect(parkedCarFromTickets([ticket('GONE123', 'GONE1', '2026-11-25T11:00:00Z', 'exited'), ticket('NOPLATE', null, '2026-11-25T11:00:00Z')], 'https://x')).toBeUndefined();
  });
});

describe('parkedCarFromPasses (no ticket list saved: the kept passes)', () => {
  const now = Date.UTC(2026, 10, 25, 12);
  it('takes the newest pass saved within a day', () => {
    const car = parkedCarFromPasses([pass('AAA1', now - 3_600_000), pass('BBB2', now - 60_000)], now);
    expect(car).toMatchObject({ licensePlate: 'BBB2', address: 'BBB2 garage', qrText: 'https://x/app/TBBB2', otherCars: 1 });
  });

  it('ignores passes older than a day: that car has most likely left', () => {
    expect(parkedCarFromPasses([pass('AAA1', now - KEPT_PASS_MAX_AGE_MS - 1)], now)).toBeUndefined();
  });
});
