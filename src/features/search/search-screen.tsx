/**
 * The search screen (spec 1 §2.3, §4) for /search/results, /search/event/… and /search/content/…:
 * the filter bar, the results list and the map kept in step (hover and selection), and the
 * location detail panel over them. The URL is the search: every change navigates to
 * /search/results with the new state (search-url.ts), so a search is a link that survives reload,
 * and the results rerun from it. The search also reruns when the tab becomes visible again, with
 * the arrival re-checked against the nearest slot.
 */
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Location } from '../../contract/locations';
import type { EventPrediction } from '../../contract/search';
import { rememberSearch } from '../../lib/last-search';
import { OfflineMarker } from '../../ui/offline-marker';
import { FilterBar, type Layout } from './filter-bar';
import { MapPanel } from './map-panel';
import { ResultsList } from './results-list';
import type { SortOrder } from './search-results';
import { settleTimes } from '../../lib/time-slots';
import { writeSearchUrl, type SearchState } from './search-url';
import { useSearchPoint } from './use-search-point';
import { useSearchResults } from './use-search-results';
import './search.css';

const PRICE_REFRESH_MS = 5 * 60_000;

export type DetailContext = Pick<SearchState, 'type' | 'arrival' | 'departure' | 'isOversized'> & { onClose: () => void };

type Props = {
  search: SearchState;
  /** "now" the search was read at (slot rules). */
  now: number;
  renderDetail: (location: Location, context: DetailContext) => ReactNode;
  /** A location link (/locations/{slug}): its panel opens at once, before (and whether or not) the results hold it. */
  openDetail?: Location;
};

/**
 * The tab's last search (src/lib/last-search.ts), with the URL it is at. A component of its own:
 * the URL changes without the search (the suggested times written in, search.results.tsx), and
 * only this needs to know.
 */
function RememberSearch({ search }: { search: SearchState }) {
  const href = useRouterState({ select: (state) => state.location.href });
  useEffect(() => rememberSearch({ type: search.type, arrival: search.arrival, departure: search.departure, isOversized: search.isOversized, href }), [search, href]);
  return null;
}

/** Memoized: the page above re-renders when the URL changes, which is often not the search. */
export const SearchScreen = memo(function SearchScreen({ search, now, renderDetail, openDetail }: Props) {
  const navigate = useNavigate();
  const point = useSearchPoint(search);
  const results = useSearchResults(search, point);
  const [layout, setLayout] = useState<Layout>('list');
  // Nearest first, as a driver looking around a place expects; Sort by switches to price.
  const [sortOrder, setSortOrder] = useState<SortOrder>('distance');
  const [hoveredId, setHoveredId] = useState<number>();
  const [selectedId, setSelectedId] = useState<number>();
  const [detailId, setDetailId] = useState<number | undefined>(openDetail?.locationId);
  const detailRef = useRef<HTMLDivElement>(null);

  const change = useCallback(
    (next: SearchState, options: { isNewPlace?: boolean } = {}) => {
      setSelectedId(undefined);
      setDetailId(undefined);
      void navigate({ to: '/search/results', search: writeSearchUrl(next), replace: !options.isNewPlace });
    },
    [navigate],
  );
  const openEvent = (event: EventPrediction): void => void navigate({ to: '/search/event/$id/{-$slug}', params: { id: String(event.id), slug: event.slug } });

  // Back on the tab: an arrival that has passed moves to the nearest slot, and prices are asked again.
  const { refetch } = results;
  useEffect(() => {
    const onVisible = (): void => {
      if (document.visibilityState !== 'visible') return;
      const settled = settleTimes(search, Date.now());
      if (settled.arrival !== search.arrival || settled.departure !== search.departure) change({ ...search, ...settled });
      else refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [search, change, refetch]);

  const detailLocation = useMemo(
    () => results.rows.find((row) => row.location.locationId === detailId)?.location ?? (detailId !== undefined && detailId === openDetail?.locationId ? openDetail : undefined),
    [results.rows, detailId, openDetail],
  );
  // The details take the focus, for a screen reader, without the browser's scroll. Those the page
  // opened with (a location page) stay where they are drawn: they are taller than a laptop's
  // screen, and focusing them as the app attached scrolled the page 165 px under the pointer, so a
  // tap meant for Reserve landed on the text below it (tests/e2e/early-scroll.spec.ts). Details
  // opened later from far down the list, their top above the screen, are brought to it.
  const openedWithPage = useRef(openDetail?.locationId);
  useEffect(() => {
    const details = detailRef.current;
    if (!detailLocation || !details) return;
    details.focus({ preventScroll: true });
    const isOpeningDetail = detailLocation.locationId === openedWithPage.current;
    openedWithPage.current = undefined;
    if (!isOpeningDetail && details.getBoundingClientRect().top < 0) details.scrollIntoView({ block: 'start' });
  }, [detailLocation]);
  const closeDetail = (): void => {
    const id = detailId;
    setDetailId(undefined);
    // Back where the driver was: the tile that opened the details.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`.result-tile[data-location-id="${id}"] button`)?.focus({ preventScroll: false }));
  };

  const activeId = hoveredId ?? selectedId;
  // Which of list and map shows below 640 px is CSS's to say (search.css), not the render's: the
  // server cannot know the screen, and a phone re-laying the page after hydration was a layout
  // shift. The map panel knows the width itself and draws the map only where it shows.
  return (
    <div className="search-screen">
      <RememberSearch search={search} />
      {/* The page's title, shown: the driver from a search engine sees where the list is. */}
      <h1 className="search-screen__title">{search.query ? `Parking near ${search.query}` : 'Parking near you'}</h1>
      <FilterBar search={search} point={point} now={now} layout={layout} onLayout={setLayout} onChange={change} onEvent={openEvent} />
      <OfflineMarker updatedAt={results.updatedAt} failureReason={results.failureReason} refreshIntervalMs={PRICE_REFRESH_MS} />
      <div className={`search-screen__body search-screen__body--${layout}`}>
        <ResultsList
            rows={results.rows}
            search={search}
            isLoading={results.isLoading}
            isCalculating={results.isCalculating}
            onRetry={results.hasFailed ? results.refetch : undefined}
            sortOrder={sortOrder}
            onSort={setSortOrder}
            activeId={activeId}
            selectedId={selectedId}
            onHover={setHoveredId}
            onDetails={setDetailId}
          />
        {point && (
          <MapPanel
            layout={layout}
            point={point}
            search={search}
            rows={results.rows}
            activeId={activeId}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onHover={setHoveredId}
            onDetails={setDetailId}
          />
        )}
        {detailLocation && (
          <div
            ref={detailRef}
            className="detail-panel"
            role="dialog"
            aria-label={detailLocation.locationDisplayText || detailLocation.address1}
            tabIndex={-1}
            onKeyDown={(event) => event.key === 'Escape' && closeDetail()}
          >
            {renderDetail(detailLocation, { type: search.type, arrival: search.arrival, departure: search.departure, isOversized: search.isOversized, onClose: closeDetail })}
          </div>
        )}
      </div>
    </div>
  );
});
