/**
 * The search screen's top bar (spec 1 §2.3): the search box, Daily/Monthly, List/Map, the vehicle
 * size switch with its "Oversized Vehicles" information, and the times — inline from 576 px, as
 * the date bar and its "Update Search" modal below.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { EventPrediction } from '../../contract/search';
import { HtmlContent } from '../../ui/html-content';
import { ModalDialog } from '../../ui/modal-dialog';
import { PlaceSearchBox, type ChosenPlace } from '../../ui/place-search-box';
import { DateFilters } from './date-filters';
import { oversizeContentQueryOptions } from './search-api';
import type { Point } from './search-results';
import type { StayTimes } from '../../lib/time-slots';
import type { SearchState, SearchType } from './search-url';
import { SearchTooltip } from './search-tooltip';
import { MobileDateBar } from './update-search-modal';

export type Layout = 'list' | 'map';

type Props = {
  search: SearchState;
  point: Point | undefined;
  now: number;
  layout: Layout;
  onLayout: (layout: Layout) => void;
  onChange: (next: SearchState, options?: { isNewPlace?: boolean }) => void;
  onEvent: (event: EventPrediction) => void;
};

function Segmented<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: ReadonlyArray<{ value: T; label: string }>; onChange: (value: T) => void }) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value} type="button" aria-pressed={option.value === value} className="segmented__option" onClick={() => option.value !== value && onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}

function OversizedInfo({ onClose }: { onClose: () => void }) {
  const { data, isError } = useQuery(oversizeContentQueryOptions);
  return (
    <ModalDialog
      title="Oversized Vehicles"
      onClose={onClose}
      isClosedByAction
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      {data?.[0] ? <HtmlContent html={data[0].oversizeVehicleContentValue} /> : <p>{isError ? 'This information could not be loaded.' : 'Loading...'}</p>}
    </ModalDialog>
  );
}

const TYPES = [{ value: 'DAILY', label: 'Daily' }, { value: 'MONTHLY', label: 'Monthly' }] as const;
const SIZES = [{ value: 'standard', label: 'Standard' }, { value: 'oversized', label: 'Oversized' }] as const;
const LAYOUTS = [{ value: 'list', label: 'List' }, { value: 'map', label: 'Map' }] as const;

export function FilterBar({ search, point, now, layout, onLayout, onChange, onEvent }: Props) {
  const [isInfoOpen, setIsInfoOpen] = useState(false);
  const setTimes = (times: StayTimes): void => onChange({ ...search, ...times });
  const choosePlace = (place: ChosenPlace): void =>
    onChange({ ...search, query: place.name, latitude: place.latitude, longitude: place.longitude }, { isNewPlace: true });

  return (
    <div className="filter-bar">
      <PlaceSearchBox initialText={search.query} near={point} onPlace={choosePlace} onEvent={onEvent} className="filter-bar__search" />
      <div className="filter-bar__switches">
        <Segmented<SearchType> label="Parking type" value={search.type} options={TYPES} onChange={(type) => onChange({ ...search, type })} />
        {/* Below 640 px only (search.css): rendered everywhere, so the server's page is the phone's too;
            next to Daily/Monthly, where a phone has room for it: the garages start a row higher. */}
        <div className="filter-bar__layout">
          <Segmented<Layout> label="Show results as" value={layout} options={LAYOUTS} onChange={onLayout} />
        </div>
        <div className="filter-bar__size">
          <Segmented
            label="Vehicle size"
            value={search.isOversized ? 'oversized' : 'standard'}
            options={SIZES}
            onChange={(size) => onChange({ ...search, isOversized: size === 'oversized' })}
          />
          <button type="button" className="filter-bar__info" aria-label="About oversized vehicles" onClick={() => setIsInfoOpen(true)}>
            i
          </button>
        </div>
        {/* Spec 1 §4 "Search reset": back to Daily, oversized off, no garage selected; the place and times stay. */}
        {(search.type !== 'DAILY' || search.isOversized) && (
          <button type="button" className="link-button filter-bar__reset" onClick={() => onChange({ ...search, type: 'DAILY', isOversized: false })}>
            Reset filters
          </button>
        )}
      </div>
      <div className="filter-bar__times">
        {/* The date bar below 576 px, the fields above (search.css): both in the HTML, as the layout switch. */}
        <MobileDateBar type={search.type} times={search} now={now} onChange={setTimes} />
        <DateFilters type={search.type} times={search} now={now} onChange={setTimes} />
        <SearchTooltip type={search.type} />
      </div>
      {isInfoOpen && <OversizedInfo onClose={() => setIsInfoOpen(false)} />}
    </div>
  );
}
