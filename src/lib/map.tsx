/**
 * The one wrapper around maplibre-gl and react-map-gl (STYLE.md habit 3). It is heavy (maplibre is
 * most of a megabyte), so nobody imports it statically: screens load it with React.lazy, which
 * makes it its own chunk fetched only where a map shows (DESIGN.md budget). The service worker
 * precaches that chunk and maplibre's worker (.mjs), so the map also opens offline; its data comes
 * from the app's own /mapdata/ (src/lib/map-style.ts), never from the internet.
 *
 * Check `canShowMap()` (src/lib/map-support.ts) before loading this: without WebGL maplibre cannot
 * draw, and the screen shows the address instead.
 */
import { addProtocol, setWorkerUrl } from 'maplibre-gl';
import * as maplibre from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Protocol } from 'pmtiles';
import { useMemo } from 'react';
import { AttributionControl, Map, Marker, NavigationControl, type MapProps } from 'react-map-gl/maplibre';
import { locationMapStyle, PIN_ZOOM, type MapPoint } from './map-style';

// Once per page: maplibre's worker from our own bundle, and pmtiles:// read through HTTP ranges.
setWorkerUrl(workerUrl);
addProtocol('pmtiles', new Protocol().tile);

export type LocationMapProps = MapPoint & {
  /** What the pin marks, e.g. the garage address (the marker's accessible name). */
  label: string;
  /** Called when maplibre reports an error it cannot draw through (the screen may fall back). */
  onError?: () => void;
};

/** A street-level map centred on one location, with its pin. */
export function LocationMap({ latitude, longitude, label, onError }: LocationMapProps) {
  const style = useMemo(() => locationMapStyle({ latitude, longitude }, window.location.origin) as MapProps['mapStyle'], [latitude, longitude]);
  return (
    <Map
      mapLib={maplibre}
      initialViewState={{ latitude, longitude, zoom: PIN_ZOOM }}
      mapStyle={style}
      style={{ width: '100%', height: '100%' }}
      attributionControl={false}
      cooperativeGestures
      onError={(event) => {
        // A missing tile or glyph range is not fatal (the rest still draws); a lost WebGL context is.
        if (/webgl|context/i.test(event.error?.message ?? '')) onError?.();
      }}
    >
      <Marker latitude={latitude} longitude={longitude} anchor="bottom">
        <svg className="location-map__pin" width="30" height="40" viewBox="0 0 30 40" role="img" aria-label={`Location pin: ${label}`}>
          <path d="M15 39C15 39 28 23.5 28 14A13 13 0 0 0 2 14C2 23.5 15 39 15 39Z" fill="#0b5c3b" stroke="#ffffff" strokeWidth="2" />
          <circle cx="15" cy="14" r="5" fill="#ffffff" />
        </svg>
      </Marker>
      <NavigationControl position="top-right" showCompass={false} />
      <AttributionControl position="bottom-right" compact />
    </Map>
  );
}
