/** "offline · last updated HH:MM" on data shown from the device's copy (DESIGN.md "Offline and the lot"). */
import { offlineMarkerText } from './flow-rules';
import { useIsOnline } from './use-online';

export function OfflineMarker({ updatedAt, isStale }: { updatedAt: number; isStale?: boolean }) {
  const isOnline = useIsOnline();
  if ((isOnline && !isStale) || !updatedAt) return null;
  return (
    <p className="park-offline" role="status">
      {offlineMarkerText(updatedAt)}
    </p>
  );
}
