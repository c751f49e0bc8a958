/**
 * The one wrapper around maplibre-gl and react-map-gl (STYLE.md habit 3). It is heavy (maplibre is
 * most of a megabyte), so nobody imports it statically: screens load it with React.lazy, which
 * makes it its own chunk fetched only where a map shows (DESIGN.md budget). The service worker
 * precaches that chunk and maplibre's worker (.mjs), so the map also opens offline; its data comes
 * from the app's own /mapdata/ (src/lib/map-style.ts), never from the internet.
 *
 * Two maps: `LocationMap` (one garage's pin) and `SearchMap` (a price pin per search result, the
 * search position and marketing pins).
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
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { AttributionControl, Map, Marker, NavigationControl, Popup, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { locationMapStyle, PIN_ZOOM, type MapPoint } from './map-style';

/**
 * The map's canvas is drawn at no more than twice the CSS pixels. Phones of 2.6× and 3× would
 * otherwise draw 1.7–2.25 times the pixels of a 2× canvas, every frame, for street lines and
 * labels a driver cannot tell apart at arm's length; the pins and the card are HTML at full
 * sharpness either way (decision 0123).
 */
const MAX_MAP_PIXEL_RATIO = 2;
const mapPixelRatio = () => Math.min(window.devicePixelRatio || 1, MAX_MAP_PIXEL_RATIO);

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
      pixelRatio={mapPixelRatio()}
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

// ---------------------------------------------------------------- many markers (the search map)

/** Spec 1 §2.3: a result pin is normal, selected or disabled (N/A or blacked out). */
export type PricePinState = 'normal' | 'selected' | 'disabled';

export type PricePin = MapPoint & {
  id: number;
  /** Printed on the pin, e.g. "$25" or "N/A". */
  price: string;
  state: PricePinState;
  /** The pin's accessible name: the garage and its price, as the list reads it. */
  label: string;
};

export type MarketingPin = MapPoint & { id: number; label: string };

export type SearchMapProps = {
  /** Where the search is (its own marker); the camera frames it with the nearest pins. */
  center: MapPoint;
  centerLabel: string;
  pins: PricePin[];
  marketingPins?: MarketingPin[];
  /** The marketing pin whose card is open, and its card (the feature renders the card's HTML). */
  openMarketingPinId?: number;
  marketingCard?: ReactNode;
  onSelectPin: (id: number) => void;
  onHoverPin?: (id: number | undefined) => void;
  onMarketingPin?: (id: number | undefined) => void;
  onError?: () => void;
};

/** Spec 1 §9 "Map marker stacking: selected 99, others 5"; marketing info window max width 350. */
const SELECTED_Z = 99;
const OTHER_Z = 5;
const SEARCH_ZOOM = 14;
const MARKETING_CARD_MAX_WIDTH = '350px';
/** The camera frames the search point with this many of the nearest pins. */
const FRAMED_PINS = 6;

/**
 * The search map: a price on every result pin, the search position, marketing pins with their
 * card. Pins are real buttons (Tab reaches them, Enter selects, their names read as the list
 * does), so the map is usable with a keyboard and a screen reader, not only with a pointer.
 */
export function SearchMap({ center, centerLabel, pins, marketingPins = [], openMarketingPinId, marketingCard, onSelectPin, onHoverPin, onMarketingPin, onError }: SearchMapProps) {
  const mapRef = useRef<MapRef>(null);
  const style = useMemo(() => locationMapStyle(center, window.location.origin) as MapProps['mapStyle'], [center]);
  const frameKey = `${center.latitude},${center.longitude},${pins.length}`;
  const selected = pins.find((pin) => pin.state === 'selected');
  const openPin = marketingPins.find((pin) => pin.id === openMarketingPinId);

  // A new search (or its results arriving) frames the point and the nearest pins.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const nearest = [...pins].sort((a, b) => squaredDistance(a, center) - squaredDistance(b, center)).slice(0, FRAMED_PINS);
    if (nearest.length === 0) {
      map.jumpTo({ center: [center.longitude, center.latitude], zoom: SEARCH_ZOOM });
      return;
    }
    const lngs = [center.longitude, ...nearest.map((pin) => pin.longitude)];
    const lats = [center.latitude, ...nearest.map((pin) => pin.latitude)];
    map.fitBounds([[Math.min(...lngs), Math.min(...lats)], [Math.max(...lngs), Math.max(...lats)]], { padding: 60, maxZoom: 16, duration: 0 });
    // frameKey stands for center and pins: re-framing on every price update would fight the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frameKey]);

  // A pin selected from the list comes into view.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !selected) return;
    if (!map.getBounds().contains([selected.longitude, selected.latitude])) map.easeTo({ center: [selected.longitude, selected.latitude], duration: 300 });
  }, [selected]);

  return (
    <Map
      ref={mapRef}
      mapLib={maplibre}
      initialViewState={{ latitude: center.latitude, longitude: center.longitude, zoom: SEARCH_ZOOM }}
      mapStyle={style}
      style={{ width: '100%', height: '100%' }}
      pixelRatio={mapPixelRatio()}
      attributionControl={false}
      onError={(event) => {
        if (/webgl|context/i.test(event.error?.message ?? '')) onError?.();
      }}
    >
      <Marker latitude={center.latitude} longitude={center.longitude} anchor="center" style={{ zIndex: 1 }}>
        <span className="search-map__position" role="img" aria-label={`Search location: ${centerLabel}`} />
      </Marker>
      {marketingPins.map((pin) => (
        <Marker key={`m${pin.id}`} latitude={pin.latitude} longitude={pin.longitude} anchor="bottom" style={{ zIndex: OTHER_Z }}>
          <button type="button" className="search-map__marketing" aria-label={pin.label} aria-expanded={pin.id === openMarketingPinId} onClick={() => onMarketingPin?.(pin.id)}>
            ★
          </button>
        </Marker>
      ))}
      {pins.map((pin) => (
        <Marker key={pin.id} latitude={pin.latitude} longitude={pin.longitude} anchor="bottom" style={{ zIndex: pin.state === 'selected' ? SELECTED_Z : OTHER_Z }}>
          <button
            type="button"
            className={`search-map__pin search-map__pin--${pin.state}`}
            aria-label={pin.label}
            aria-pressed={pin.state === 'selected'}
            data-location-id={pin.id}
            onClick={(event) => {
              event.stopPropagation();
              onSelectPin(pin.id);
            }}
            onMouseEnter={() => onHoverPin?.(pin.id)}
            onMouseLeave={() => onHoverPin?.(undefined)}
            onFocus={() => onHoverPin?.(pin.id)}
            onBlur={() => onHoverPin?.(undefined)}
          >
            {pin.price}
          </button>
        </Marker>
      ))}
      {openPin && marketingCard && (
        <Popup latitude={openPin.latitude} longitude={openPin.longitude} anchor="bottom" offset={36} maxWidth={MARKETING_CARD_MAX_WIDTH} closeButton onClose={() => onMarketingPin?.(undefined)}>
          {marketingCard}
        </Popup>
      )}
      <NavigationControl position="top-right" showCompass={false} />
      <AttributionControl position="bottom-right" compact />
    </Map>
  );
}

function squaredDistance(a: MapPoint, b: MapPoint): number {
  return (a.latitude - b.latitude) ** 2 + (a.longitude - b.longitude) ** 2;
}
