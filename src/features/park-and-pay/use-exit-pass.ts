/**
 * The exit pass of a plate: saved to IndexedDB whenever the live ticket is known, read back from
 * there when it is not (offline cold start), so the QR opens with no signal. Saved with its
 * owner, the stored sign-in's user, and read back only by that driver (lib/saved-data-owner.ts).
 */
import { useEffect, useState } from 'react';
import type { GarageTicket } from '../../contract/parking-system';
import { readExitPass, saveExitPass, type ExitPassRecord } from '../../lib/offline-store';
import { exitPassQrText } from '../../contract/exit-pass-text';
import { keepExitPassQr } from '../../lib/exit-pass-qr';
import { deviceHolderUid, type SavedDataOwner } from '../../lib/saved-data-owner';
import { siteOrigin } from '../../lib/head';

export function toExitPass(ticket: GarageTicket, origin: string, savedAt: number, ownerUid?: SavedDataOwner): ExitPassRecord {
  return {
    ticketNumber: ticket.ticketNumber,
    qrText: exitPassQrText(origin, ticket.ticketNumber),
    licensePlate: ticket.vehicle.licensePlate ?? '',
    address: ticket.address1,
    entryLocalTime: ticket.entryTime.localTime,
    savedAt,
    ownerUid,
  };
}

/** `isReading` stays true until the device copy was looked up (callers wait before redirecting). */
export function useExitPass(licensePlate: string, ticket: GarageTicket | undefined, updatedAt: number): { pass: ExitPassRecord | undefined; isReading: boolean } {
  const [stored, setStored] = useState<{ plate: string; record: ExitPassRecord | undefined }>();
  // The server renders the session too (src/contract/server-rendered-pages.ts), with no window.
  const live = ticket ? toExitPass(ticket, typeof window === 'undefined' ? siteOrigin() : window.location.origin, updatedAt) : undefined;
  const liveKey = live ? `${live.ticketNumber}|${live.licensePlate}` : '';
  useEffect(() => {
    // The session opens only with a stored sign-in: with none, a Logout (another tab's) is under
    // way, and a pass saved now would be left to whoever holds the device next.
    const ownerUid = deviceHolderUid();
    if (!ticket || ownerUid === null) return;
    const record = toExitPass(ticket, window.location.origin, updatedAt, ownerUid);
    void saveExitPass(record);
    // Its QR matrix too, so the pass opens at once after an offline cold start (exit-pass-qr.ts).
    return keepExitPassQr(record.qrText);
    // Saved once per ticket; the payload does not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [liveKey]);
  useEffect(() => {
    let isCurrent = true;
    void readExitPass(licensePlate).then((record) => isCurrent && setStored({ plate: licensePlate, record }));
    return () => {
      isCurrent = false;
    };
  }, [licensePlate]);
  const isRead = stored?.plate === licensePlate;
  return { pass: live ?? (isRead ? stored.record : undefined), isReading: !live && !isRead };
}
