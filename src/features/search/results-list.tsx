/**
 * The results list: sort by price or distance, skeleton rows until the first prices arrive, and
 * the "Calculating rates..." overlay while prices are (re)calculated.
 */
import { memo, useEffect, useRef } from 'react';
import { ResultTile, SkeletonTile } from './result-tile';
import { sortRows, type ResultRow, type SortOrder } from './search-results';
import type { SearchState } from './search-url';

const SKELETON_ROWS = 4;

type Props = {
  rows: ResultRow[];
  search: SearchState;
  isLoading: boolean;
  isCalculating: boolean;
  /** Set when the prices could not be calculated: the message and a retry replace the list. */
  onRetry?: () => void;
  sortOrder: SortOrder;
  onSort: (order: SortOrder) => void;
  activeId: number | undefined;
  /** The pin last chosen on the map: its tile scrolls into view. */
  selectedId: number | undefined;
  onHover: (id: number | undefined) => void;
  onDetails: (id: number) => void;
};

/**
 * Memoized: the screen re-renders on its own state too (on a phone, synchronously right after
 * hydration, when the viewport query changes from the server's "wide"), and 30 tiles need not.
 */
export const ResultsList = memo(function ResultsList({ rows, search, isLoading, isCalculating, onRetry, sortOrder, onSort, activeId, selectedId, onHover, onDetails }: Props) {
  const listRef = useRef<HTMLOListElement>(null);
  const sorted = sortRows(rows, sortOrder);

  useEffect(() => {
    if (selectedId === undefined) return;
    listRef.current?.querySelector(`[data-location-id="${selectedId}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  return (
    <section className="results" aria-labelledby="results-title" aria-busy={isLoading || isCalculating}>
      <div className="results__head">
        <h2 id="results-title" className="results__title">
          {isLoading ? 'Searching…' : `${rows.length} ${rows.length === 1 ? 'garage' : 'garages'}`}
        </h2>
        <label className="results__sort">
          Sort by{' '}
          <select value={sortOrder} onChange={(event) => onSort(event.target.value as SortOrder)}>
            <option value="price">Price</option>
            <option value="distance">Distance</option>
          </select>
        </label>
      </div>
      {onRetry && (
        <div className="results__error" role="alert">
          <p>The rates could not be calculated. Check your connection and try again.</p>
          <button type="button" className="button button--small" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      <div className="results__body">
        <ol ref={listRef} className="results__list">
          {isLoading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => <SkeletonTile key={index} />)
            : sorted.map((row) => (
                <ResultTile key={row.location.locationId} row={row} search={search} isActive={row.location.locationId === activeId} onHover={onHover} onDetails={onDetails} />
              ))}
        </ol>
        {(isLoading || isCalculating) && (
          <div className="results__overlay" role="status">
            Calculating rates...
          </div>
        )}
      </div>
    </section>
  );
});
