/**
 * The parked car for the home page, read from the device only (parked-car.ts), and only the
 * device holder's (lib/saved-data-owner.ts): the saved copy restores a ticket list only for the
 * stored sign-in's user, and the kept passes read back only the holder's. While the saved
 * cache is being restored — and, when it holds no ticket list, while the kept passes are read —
 * `isDeciding` is true and the page waits a frame rather than draw the lot buttons and then
 * push them down with the card (a layout shift under the driver's thumb).
 */
import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { GarageTicket } from '../../contract/parking-system';
import { STORAGE_KEYS } from '../../lib/constants';
import { garageKeys } from '../../lib/query-client';
import { deviceHolderUid } from '../../lib/saved-data-owner';
import { readStorage } from '../../lib/storage';
import { parkedCarFromPasses, parkedCarFromTickets, type ParkedCar } from './parked-car';

/** The saved ticket list as it is in the cache; subscribing never starts a fetch. */
function useSavedTickets(): GarageTicket[] | undefined {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData<GarageTicket[]>(garageKeys.tickets),
    () => undefined,
  );
}

/**
 * Passes are kept only for a driver who saw one, and their QR matrices beside them in local
 * storage: a cheap sign that reading IndexedDB (and loading its wrapper) is worth it.
 */
const mayHaveKeptPasses = (): boolean => readStorage(STORAGE_KEYS.exitPassQr) !== null || readStorage(STORAGE_KEYS.auth) !== null;

export function useParkedCar(): { isDeciding: boolean; car: ParkedCar | undefined } {
  const isRestoring = useIsRestoring();
  const savedTickets = useSavedTickets();
  // The ticket list is a signed-in driver's: with no stored sign-in it is a Logout's leftover.
  const tickets = deviceHolderUid() === null ? undefined : savedTickets;
  const shouldReadPasses = !isRestoring && tickets === undefined && mayHaveKeptPasses();
  const [fromPasses, setFromPasses] = useState<{ car: ParkedCar | undefined }>();
  useEffect(() => {
    if (!shouldReadPasses) return;
    let isCurrent = true;
    // idb-keyval stays off the first screen of every other visitor.
    void import('../../lib/offline-store')
      .then(({ listExitPasses }) => listExitPasses())
      .then((records) => parkedCarFromPasses(records, Date.now()))
      // Wrapper chunk not available: decide without the kept passes rather than wait forever.
      .catch(() => undefined)
      .then((car) => isCurrent && setFromPasses({ car }));
    return () => {
      isCurrent = false;
    };
  }, [shouldReadPasses]);
  if (isRestoring) return { isDeciding: true, car: undefined };
  if (tickets) return { isDeciding: false, car: parkedCarFromTickets(tickets, window.location.origin) };
  if (shouldReadPasses) return { isDeciding: fromPasses === undefined, car: fromPasses?.car };
  return { isDeciding: false, car: undefined };
}
