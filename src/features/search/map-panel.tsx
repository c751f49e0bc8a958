/**
 * The search map beside (or, on a narrow screen, instead of) the list (spec 1 §2.3 "Map"): the
 * lazy map chunk (src/lib/map.tsx, never on the first screen) inside its own Suspense and error
 * boundary, marketing pins with their card and "See Locations", the "Park and Train in NJ" card,
 * and under 640 px a bottom card for the tapped pin. Without WebGL the list alone carries the
 * results (the map says so).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CONTENT_TYPES, type ContentItem } from '../../contract/content';
import { canShowMap } from '../../lib/map-support';
import { useMediaQuery } from '../../lib/use-media-query';
import { HtmlContent } from '../../ui/html-content';
import { HrefLink } from '../../ui/href-link';
import { reserveHref, reserveLabel } from '../../lib/reserve-links';
import { contentTypeQueryOptions } from './search-api';
import type { Layout } from './filter-bar';
import { unavailableReason } from './result-tile';
import { formatPrice, walkingText, type Point, type ResultRow } from './search-results';
import type { SearchState } from './search-url';
import { FallbackBoundary } from '../../ui/fallback-boundary';

const SearchMap = lazy(() => import('../../lib/map').then((module) => ({ default: module.SearchMap })));
export const PARK_AND_TRAIN_HEADER = 'Park and Train in NJ';

function contentSearchLink(item: ContentItem) {
  return <Link className="button button--small" to="/search/content/$id/{-$slug}" params={{ id: String(item.contentId), slug: item.slug }}>See Locations</Link>;
}

/** The fixed promo card (spec 1 §2.3): NJ Turnpike Exit 15X to Secaucus for a quick ride into Midtown. */
function ParkAndTrainCard({ item }: { item: ContentItem }) {
  return (
    <aside className="park-and-train" aria-label={item.header}>
      <h3>{item.header}</h3>
      <HtmlContent html={item.cardHtml} />
      {contentSearchLink(item)}
    </aside>
  );
}

function BottomCard({ row, search, onDetails, onClose }: { row: ResultRow; search: SearchState; onDetails: (id: number) => void; onClose: () => void }) {
  const canReserve = row.total !== null && !row.isDisabled && !row.isOversizeRefused;
  const cardRef = useRef<HTMLDivElement>(null);
  // The map is taller than a 412 × 915 phone's screen below the filters: the card sits at its
  // bottom, so a tapped pin brings it into view (nothing moves when it is already there).
  useEffect(() => cardRef.current?.scrollIntoView({ block: 'nearest' }), [row.location.locationId]);
  return (
    <div ref={cardRef} className="map-bottom-card" role="region" aria-label={`Selected garage: ${row.location.address1}`}>
      <button type="button" className="map-bottom-card__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <p className="map-bottom-card__address">{row.location.address1}</p>
      <p className="map-bottom-card__meta">
        <strong className="map-bottom-card__price">{formatPrice(row.total)}</strong> · {walkingText(row)}
      </p>
      {unavailableReason(row) && <p className="map-bottom-card__reason">{unavailableReason(row)}</p>}
      <div className="result-tile__actions">
        <button type="button" className="button button--secondary button--small" onClick={() => onDetails(row.location.locationId)}>
          Details
        </button>
        {canReserve && (
          <HrefLink className="button button--small" href={reserveHref(row.location, search)}>
            {reserveLabel(row.location, search.type)}
          </HrefLink>
        )}
      </div>
    </div>
  );
}

/** Spec 1 §9: the search map's small-screen breakpoint. */
const NARROW_MEDIA_QUERY = '(max-width: 639.98px)';

type Props = {
  /** What the List/Map switch shows below 640 px; wider, both show. */
  layout: Layout;
  point: Point;
  search: SearchState;
  rows: ResultRow[];
  activeId: number | undefined;
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  onHover: (id: number | undefined) => void;
  onDetails: (id: number) => void;
};

export function MapPanel({ layout, point, search, rows, activeId, selectedId, onSelect, onHover, onDetails }: Props) {
  const navigate = useNavigate();
  // Asked here, not by the screen: a hydrated page learns the width in the render after hydration
  // (the server's page assumes a wide one), and on a phone only this panel renders again for it.
  const isNarrow = useMediaQuery(NARROW_MEDIA_QUERY);
  // While the list shows instead (below 640 px), the map chunk and WebGL wait. Which of the two
  // shows is CSS's to say (search.css); the map is drawn only where it shows.
  const isShown = !isNarrow || layout === 'map';
  const [canDraw, setCanDraw] = useState<boolean>();
  const [hasFailed, setHasFailed] = useState(false);
  const [openPinId, setOpenPinId] = useState<number>();
  const pinsQuery = useQuery(contentTypeQueryOptions(CONTENT_TYPES.marketingPin));
  const promoQuery = useQuery(contentTypeQueryOptions(CONTENT_TYPES.searchContent));
  // Probed after the first render: the list paints first, the WebGL probe and the chunk follow.
  // A frame later: a hydrated page learns the screen's width in the render after hydration (the
  // server's page assumes a wide one), and a phone showing the list must not start the map.
  useEffect(() => {
    if (!isShown || canDraw !== undefined) return undefined;
    const frame = requestAnimationFrame(() => setCanDraw(canShowMap()));
    return () => cancelAnimationFrame(frame);
  }, [isShown, canDraw]);

  const marketing = (pinsQuery.data ?? []).filter((item) => item.latitude !== null && item.longitude !== null);
  const openPin = marketing.find((item) => item.contentId === openPinId);
  const parkAndTrain = promoQuery.data?.find((item) => item.header === PARK_AND_TRAIN_HEADER);
  const selectedRow = rows.find((row) => row.location.locationId === selectedId);
  const pins = rows.map((row) => ({
    id: row.location.locationId,
    latitude: row.location.latitude,
    longitude: row.location.longitude,
    price: formatPrice(row.total),
    state: row.location.locationId === activeId ? ('selected' as const) : row.total === null || row.isDisabled ? ('disabled' as const) : ('normal' as const),
    label: `${row.location.address1}, ${formatPrice(row.total)}, ${walkingText(row)}`,
  }));
  const fallback = <p className="search-map__fallback">The map cannot be shown on this device; every garage is in the list.</p>;

  return (
    <section className="search-map" aria-label="Map of results">
      {canDraw === undefined ? (
        <p className="search-map__fallback" role="status">Loading map...</p>
      ) : canDraw && !hasFailed ? (
        <FallbackBoundary fallback={fallback}>
          <Suspense fallback={<p className="search-map__fallback" role="status">Loading map...</p>}>
            <SearchMap
              center={point}
              centerLabel={search.query || 'your search'}
              pins={pins}
              marketingPins={marketing.map((item) => ({ id: item.contentId, latitude: item.latitude!, longitude: item.longitude!, label: item.header }))}
              openMarketingPinId={openPinId}
              marketingCard={
                openPin && (
                  <div className="marketing-card">
                    <HtmlContent html={openPin.cardHtml} />
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => void navigate({ to: '/search/content/$id/{-$slug}', params: { id: String(openPin.contentId), slug: openPin.slug } })}
                    >
                      See Locations
                    </button>
                  </div>
                )
              }
              onSelectPin={(id) => onSelect(id)}
              onHoverPin={onHover}
              onMarketingPin={setOpenPinId}
              onError={() => setHasFailed(true)}
            />
          </Suspense>
        </FallbackBoundary>
      ) : (
        fallback
      )}
      {parkAndTrain && !selectedRow && <ParkAndTrainCard item={parkAndTrain} />}
      {isNarrow && selectedRow && <BottomCard row={selectedRow} search={search} onDetails={onDetails} onClose={() => onSelect(undefined)} />}
    </section>
  );
}
