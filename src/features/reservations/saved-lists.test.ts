import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Reservation, ReservationPage } from '../../contract/reservations';
import { reservationFromSavedLists, reservationKeys, reservationListQueryOptions } from './reservations-api';

// Only the fields the lookup reads: the lists' copies as the device saved them.
const reservation = (reservationId: number, confirmationNumber: string) => ({ reservationId, confirmationNumber }) as unknown as Reservation;
const page = (...results: Reservation[]) => ({ results, totalElementCount: results.length }) as unknown as ReservationPage;

describe('the saved reservations lists', () => {
  it('are kept on the device like the tickets (issue 38)', () => {
    expect(reservationListQueryOptions('active', 0).meta?.persist).toBe(true);
    expect(reservationListQueryOptions('completed', 1).meta?.persist).toBe(true);
  });

  it('give a pass never opened on its own, with when its list was fetched', () => {
    const client = new QueryClient();
    client.setQueryData(reservationKeys.list('completed', 0), page(reservation(7, 'PF-0007-AAAA')), { updatedAt: 1_000 });
    client.setQueryData(reservationKeys.list('active', 1), page(reservation(8, 'PF-0008-BBBB'), reservation(9, 'PF-0009-CCCC')), { updatedAt: 2_000 });
    expect(reservationFromSavedLists(client, 9)).toEqual({ reservation: reservation(9, 'PF-0009-CCCC'), updatedAt: 2_000 });
    expect(reservationFromSavedLists(client, 7)?.updatedAt).toBe(1_000);
    expect(reservationFromSavedLists(client, 10)).toBeUndefined();
  });

  it('skip the single-pass entries and empty lists', () => {
    const client = new QueryClient();
    client.setQueryData(reservationKeys.one(5), reservation(5, 'PF-0005-DDDD'));
    expect(reservationFromSavedLists(client, 5)).toBeUndefined();
  });
});
