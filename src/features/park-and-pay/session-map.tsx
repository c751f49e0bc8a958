/**
 * The session's location (spec 3 §2 "Session": "A map shows a location pin", directions by
 * coordinates). The map is a lazy chunk (src/lib/map.tsx) drawn inside its own Suspense and error
 * boundary, so the session never waits for it or breaks with it. Without WebGL, or when the map
 * fails, the garage's address is shown instead; the directions links are always there.
 * On a phone (the mobile layout, below 576 px) the address comes first and the map is drawn when
 * the driver taps Show Map: maplibre (about 300 KB gzip) and its drawing would otherwise compete
 * with the exit pass at the gate and cost data and battery on every session view.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Location } from '../../contract/locations';
import { canShowMap } from '../../lib/map-support';
import { MOBILE_MEDIA_QUERY, useMediaQueryOnDevice } from '../../lib/use-media-query';
import { FallbackBoundary } from '../../ui/fallback-boundary';

const LocationMap = lazy(() => import('../../lib/map').then((module) => ({ default: module.LocationMap })));

/** Google and Apple Maps directions by coordinates. */
export function directionsLinks(latitude: number, longitude: number): { google: string; apple: string } {
  const destination = `${latitude},${longitude}`;
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${destination}`,
    apple: `https://maps.apple.com/?daddr=${destination}`,
  };
}

function LocationAddress({ location }: { location: Location }) {
  return (
    <address className="park-map__address" data-testid="location-address">
      {location.address1}
      {location.crossStreet && ` (${location.crossStreet})`}
      <br />
      {location.city}, {location.state} {location.zip}
    </address>
  );
}

/**
 * Whether the map can be drawn, answered at the browser's first idle moment after the first
 * render (undefined until then). Both the WebGL 2 probe (canShowMap creates a context: ~30 ms of
 * the first render at 4× CPU) and the map chunk (maplibre, about 300 KB gzip) wait for it, so on
 * a slow phone in a garage they do not compete with the session and the exit pass.
 */
function useMapSupportAfterIdle(isWanted: boolean): boolean | undefined {
  const [canDraw, setCanDraw] = useState<boolean>();
  useEffect(() => {
    if (!isWanted) return undefined;
    const check = () => setCanDraw(canShowMap());
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(check, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(check, 500);
    return () => clearTimeout(handle);
  }, [isWanted]);
  return canDraw;
}

export function SessionLocation({ location }: { location: Location }) {
  const isPhone = useMediaQueryOnDevice(MOBILE_MEDIA_QUERY);
  const [isMapTapped, setIsMapTapped] = useState(false);
  const isMapWanted = isPhone === false || isMapTapped;
  const canDraw = useMapSupportAfterIdle(isMapWanted);
  const [hasMapFailed, setHasMapFailed] = useState(false);
  const loadingMap = <p className="park-map__loading" role="status">Loading map...</p>;
  const links = directionsLinks(location.latitude, location.longitude);
  const address = <LocationAddress location={location} />;
  const label = location.locationDisplayText || location.address1;
  return (
    <section className="park-map" aria-label="Location">
      {isPhone === undefined ? (
        // On the server: the phone's address and the wider screen's map placeholder, one shown by CSS.
        <>
          <div className="park-map__tap park-map--phone-only">
            {address}
            <button type="button" className="link-button">Show Map</button>
          </div>
          <div className="park-map__canvas park-map--wide-only">{loadingMap}</div>
        </>
      ) : !isMapWanted ? (
        <div className="park-map__tap">
          {address}
          <button type="button" className="link-button" onClick={() => setIsMapTapped(true)}>
            Show Map
          </button>
        </div>
      ) : canDraw === undefined ? (
        <div className="park-map__canvas">{loadingMap}</div>
      ) : canDraw && !hasMapFailed ? (
        <div className="park-map__canvas" data-testid="location-map">
          <FallbackBoundary fallback={address}>
            <Suspense fallback={loadingMap}>
              <LocationMap latitude={location.latitude} longitude={location.longitude} label={label} onError={() => setHasMapFailed(true)} />
            </Suspense>
          </FallbackBoundary>
        </div>
      ) : (
        address
      )}
      <p className="park-session__directions">
        Directions:{' '}
        <a href={links.google} target="_blank" rel="noreferrer">Google Maps</a>
        {' · '}
        <a href={links.apple} target="_blank" rel="noreferrer">Apple Maps</a>
      </p>
    </section>
  );
}
