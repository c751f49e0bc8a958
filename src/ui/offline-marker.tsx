/**
 * "offline · last updated 12:04" (or "updated 12:04" online when the copy is older than its
 * refresh) on data shown from the device's copy, from the first frame (lib/saved-copy-marker.ts decides): the
 * gate pages, the search and the reservation pass. The line always takes its space, empty or not, so "Show Exit Pass" never moves.
 */
import { useEffect, useState } from 'react';
import { savedCopyMarker } from '../lib/saved-copy-marker';
import { useIsOnline } from '../lib/use-online';

/** The copy turns "old" while the page is open: look again this often. */
const RECHECK_MS = 15_000;

export function OfflineMarker({ updatedAt, failureReason, refreshIntervalMs }: { updatedAt: number; failureReason?: Error | null; refreshIntervalMs: number }) {
  const isOnline = useIsOnline();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  const text = savedCopyMarker({ isOnline, isUnreachable: failureReason?.name === 'NetworkError', updatedAt, refreshIntervalMs, now });
  return (
    <p className={text ? 'park-offline' : 'park-offline park-offline--empty'} role="status" data-testid="saved-copy-marker">
      {text}
    </p>
  );
}
