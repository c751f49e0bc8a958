/**
 * The session's location (spec 3 §2 "Session": "A map shows a location pin", directions by
 * coordinates). The map is a lazy chunk (src/lib/map.tsx) drawn inside its own Suspense and error
 * boundary, so the session never waits for it or breaks with it. Without WebGL, or when the map
 * fails, the garage's address is shown instead; the directions links are always there.
 */
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { Location } from '../../contract/locations';
import { canShowMap } from '../../lib/map-support';

const LocationMap = lazy(() => import('../../lib/map').then((module) => ({ default: module.LocationMap })));

class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

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
 * True once the browser has had an idle moment after the first render. The map chunk (maplibre,
 * about 300 KB gzip) is only requested then, so on a slow phone in a garage it does not compete
 * with the session and the exit pass, which the driver needs first.
 */
function useAfterFirstIdle(): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIsIdle(true), { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(() => setIsIdle(true), 500);
    return () => clearTimeout(handle);
  }, []);
  return isIdle;
}

export function SessionLocation({ location }: { location: Location }) {
  const [isMapUsable, setIsMapUsable] = useState(canShowMap);
  const isIdle = useAfterFirstIdle();
  const loadingMap = <p className="park-map__loading" role="status">Loading map...</p>;
  const links = directionsLinks(location.latitude, location.longitude);
  const address = <LocationAddress location={location} />;
  const label = location.locationDisplayText || location.address1;
  return (
    <section className="park-map" aria-label="Location">
      {isMapUsable ? (
        <div className="park-map__canvas" data-testid="location-map">
          <MapBoundary fallback={address}>
            {isIdle ? (
              <Suspense fallback={loadingMap}>
                <LocationMap latitude={location.latitude} longitude={location.longitude} label={label} onError={() => setIsMapUsable(false)} />
              </Suspense>
            ) : (
              loadingMap
            )}
          </MapBoundary>
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
