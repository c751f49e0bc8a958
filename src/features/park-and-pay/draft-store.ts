/**
 * The pay-by-plate draft (spec 3 §3): the lot, the plate being activated and an applied
 * reservation, carried across the flow's screens and reloads in local storage (`pf-` key).
 */
import { useSyncExternalStore } from 'react';
import type { AggregatorReservation } from '../../contract/tickets';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

const KEY = 'pf-parkandpay-draft';

export type ParkDraft = {
  locationId?: number;
  locationNumber?: string;
  licensePlate?: string;
  vehicleId?: number;
  isOversized?: boolean;
  reservation?: AggregatorReservation;
  activatedAt?: string;
  manualEntry?: boolean;
  /** Set by Digital Tickets' "Park another vehicle", read once by the next Activate Parking. */
  isParkingAnother?: boolean;
};

const listeners = new Set<() => void>();
let cache: { raw: string | null; draft: ParkDraft } | undefined;

export function readDraft(): ParkDraft {
  const raw = readStorage(KEY);
  if (cache?.raw === raw) return cache.draft;
  let draft: ParkDraft = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') draft = parsed as ParkDraft;
  } catch {
    draft = {};
  }
  cache = { raw, draft };
  return draft;
}

export function updateDraft(patch: Partial<ParkDraft>): ParkDraft {
  const next = { ...readDraft(), ...patch };
  writeStorage(KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
  return next;
}

export function clearDraft(): void {
  removeStorage(KEY);
  listeners.forEach((listener) => listener());
}

export function useDraft(): ParkDraft {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readDraft,
    readDraft,
  );
}
