/**
 * The search box of spec 1 §2.3, on the home hero and the search screen: "Search Address or
 * Location", suggestions of places and events (event date plus name) after the typing settles
 * (500 ms, at most 1 s), a "Use Current Location" item, arrow keys and Enter, a clear button.
 * A newer request aborts the older one; a failed lookup empties the list (spec 1 §7, §8). A lookup
 * that finds nothing says so (NO_MATCH_TEXT), and Enter always answers for the text in the box:
 * typed faster than the debounce, it asks for that text rather than take a shorter text's list.
 * `isFullScreenOnPhone` (home) opens a full-screen mode under 576 px that locks the page's scroll.
 *
 * The box only finds things; the owner decides where a choice goes (onPlace / onEvent).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { EventPrediction, Place } from '../contract/search';
import { newYorkDay, newYorkTime } from '../lib/new-york-time';
import type { Suggestions } from '../lib/place-search-api';
import { logSearch } from '../lib/search-analytics';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '../lib/use-media-query';
import { SEARCH_PLACEHOLDER } from './place-search-text';
import { useDebouncedValue } from './use-debounced-value';

export const GEOLOCATION_UNSUPPORTED_TEXT =
  'You browser does not support geolocation or you intentionally disabled geolocation features on our site.';
export const GEOLOCATION_FAILED_TEXT = 'Unable to get your location. Make sure that geolocation features are enabled and our website is not blocked.';
/** No spec text for an empty answer: plain words, with what the search does find. */
export const noMatchText = (typed: string): string => `No places match “${typed}”. Check the spelling, or search by address, ZIP code or station.`;
const DEBOUNCE_MS = 500;
const MAX_WAIT_MS = 1_000;

/** A chosen place; `isCurrentLocation` when it is the device's own position (named by the reverse lookup). */
export type ChosenPlace = { name: string; latitude: number; longitude: number; isCurrentLocation?: boolean };

type Option = { key: string; label: string; detail?: string; choose: () => void };

type Props = {
  initialText?: string;
  /** Ranks suggestions near this point (the map centre). */
  near?: { latitude: number; longitude: number };
  onPlace: (place: ChosenPlace) => void;
  onEvent: (event: EventPrediction) => void;
  isFullScreenOnPhone?: boolean;
  className?: string;
};

/** The lookups (and their response schemas) load with the first search, not with the home page's first screen. */
const loadPlaceSearch = () => import('../lib/place-search-api');
const hasGeolocation = (): boolean => typeof navigator !== 'undefined' && 'geolocation' in navigator;
const EMPTY: Suggestions = { places: [], events: [] };
/** Compared as the server compares names: case, spaces and punctuation aside ("10036", "Penn Station"). */
const sameName = (a: string, b: string): boolean => a.toLowerCase().replace(/[^a-z0-9]+/g, '') === b.toLowerCase().replace(/[^a-z0-9]+/g, '');
/** The place Enter takes for a typed text: the one named exactly that (a ZIP code), else the best ranked. */
const bestPlaceFor = (typed: string, places: readonly Place[]): Place | undefined => places.find((place) => sameName(place.name, typed)) ?? places[0];

export function PlaceSearchBox({ initialText = '', near, onPlace, onEvent, isFullScreenOnPhone = false, className }: Props) {
  const inputId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [isOpen, setIsOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const [suggestions, setSuggestions] = useState<Suggestions>(EMPTY);
  /** The text the suggestions answer (null while none has answered), so an empty answer can say so and Enter knows whether they are current. */
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const [isLocating, setIsLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const isPhone = useMediaQuery(MOBILE_MEDIA_QUERY);
  const isFullScreen = isFullScreenOnPhone && isPhone && isOpen;
  // Suggestions are asked only while the list is open: a search page opened with "Penn Station"
  // in the box does not look it up again until the driver comes back to the box.
  const settledText = useDebouncedValue(isOpen ? text.trim() : '', DEBOUNCE_MS, MAX_WAIT_MS);
  const nearKey = near ? `${near.latitude.toFixed(3)},${near.longitude.toFixed(3)}` : '';

  useEffect(() => setText(initialText), [initialText]);

  // On a server-rendered page the driver may go into the box, even type, before the app has
  // attached to it: the list then opens once it has, with what they typed.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || document.activeElement !== input) return;
    if (input.value !== initialText) setText(input.value);
    setIsOpen(true);
    // Once, when the box first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (settledText.length < 2) {
      setSuggestions(EMPTY);
      setAnsweredFor(null);
      return undefined;
    }
    const controller = new AbortController();
    loadPlaceSearch().then(({ fetchSuggestions }) => fetchSuggestions(settledText, near, controller.signal)).then(
      (found) => {
        setSuggestions(found);
        setAnsweredFor(settledText);
      },
      () => {
        if (controller.signal.aborted) return;
        setSuggestions(EMPTY);
        setAnsweredFor(null); // a failed lookup empties the list (spec 1 §8); it did not find "nothing"
      },
    );
    return () => controller.abort();
    // `near` is read through nearKey: a new object with the same point must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledText, nearKey]);

  useEffect(() => {
    if (!isFullScreen) return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [isFullScreen]);

  const close = (): void => {
    setIsOpen(false);
    setHighlight(-1);
  };

  const useCurrentLocation = (): void => {
    setLocationError(null);
    if (!hasGeolocation()) {
      setLocationError(GEOLOCATION_UNSUPPORTED_TEXT);
      return;
    }
    setIsLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position = { latitude: coords.latitude, longitude: coords.longitude, isCurrentLocation: true };
        // The position is what counts; the nearest named place only labels it.
        loadPlaceSearch().then(({ fetchNearestPlace }) => fetchNearestPlace(coords.latitude, coords.longitude)).then(
          (place) => finish({ ...position, name: place.name }),
          () => finish({ ...position, name: 'Current Location' }),
        );
      },
      () => {
        setIsLocating(false);
        setLocationError(GEOLOCATION_FAILED_TEXT);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
    function finish(place: ChosenPlace): void {
      setIsLocating(false);
      setText(place.name);
      close();
      logSearch({ query: place.name, latitude: place.latitude, longitude: place.longitude, source: 'current-location' });
      onPlace(place);
    }
  };

  const choosePlace = (place: Place): void => {
    setText(place.name);
    close();
    logSearch({ query: place.name, latitude: place.latitude, longitude: place.longitude, source: 'place' });
    onPlace({ name: place.name, latitude: place.latitude, longitude: place.longitude });
  };

  /** Enter with nothing highlighted: the best place for the text in the box now, asked for if the list answers an older text. */
  const chooseTyped = (): void => {
    const typed = text.trim();
    if (!typed) return;
    setIsOpen(true);
    if (answeredFor === typed) {
      const place = bestPlaceFor(typed, suggestions.places);
      if (place) choosePlace(place);
      return;
    }
    loadPlaceSearch().then(({ fetchSuggestions }) => fetchSuggestions(typed, near, new AbortController().signal)).then(
      (found) => {
        if (inputRef.current && inputRef.current.value.trim() !== typed) return; // typed on since: the debounce asks again
        setSuggestions(found);
        setAnsweredFor(typed);
        const place = bestPlaceFor(typed, found.places);
        if (place) choosePlace(place);
      },
      () => setSuggestions(EMPTY),
    );
  };

  const options: Option[] = [
    { key: 'current', label: isLocating ? 'Checking your Location...' : 'Use Current Location', choose: useCurrentLocation },
    ...suggestions.places.map((place) => ({
      key: `p-${place.id}`,
      label: place.name,
      detail: place.secondary,
      choose: () => choosePlace(place),
    })),
    ...suggestions.events.map((event) => ({
      key: `e-${event.id}`,
      label: `${newYorkDay(Date.parse(event.startsAt))} ${newYorkTime(Date.parse(event.startsAt))} · ${event.name}`,
      detail: event.venueName,
      choose: () => {
        setText(event.name);
        close();
        logSearch({ query: event.name, latitude: event.latitude, longitude: event.longitude, source: 'event' });
        onEvent(event);
      },
    })),
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter takes the highlighted item, else the best place for the text in the box.
      const highlighted = isOpen ? options[highlight] : undefined;
      if (highlighted) highlighted.choose();
      else chooseTyped();
    } else if (event.key === 'Escape') {
      close();
    }
  };

  const typedNow = text.trim();
  const noMatch = isOpen && answeredFor !== null && answeredFor === typedNow && suggestions.places.length === 0 && suggestions.events.length === 0 ? noMatchText(typedNow) : '';
  const activeKey = isOpen ? options[highlight]?.key : undefined;
  return (
    <div className={`place-search${isFullScreen ? ' place-search--full-screen' : ''}${className ? ` ${className}` : ''}`} role="search">
      <label htmlFor={inputId} className="visually-hidden">
        {SEARCH_PLACEHOLDER}
      </label>
      <div className="place-search__field">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          className="place-search__input"
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          enterKeyHint="search"
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeKey ? `${listId}-${activeKey}` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setHighlight(-1);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={(event) => {
            // A tap on a suggestion blurs the input first: keep the list until the choice lands.
            if (!event.currentTarget.parentElement?.parentElement?.contains(event.relatedTarget)) setTimeout(close, 150);
          }}
          onKeyDown={onKeyDown}
        />
        {text && (
          <button
            type="button"
            className="place-search__clear"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              setSuggestions(EMPTY);
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        )}
        {isFullScreen && (
          <button type="button" className="place-search__cancel" onClick={() => { close(); inputRef.current?.blur(); }}>
            Cancel
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label="Suggestions" className="place-search__list" hidden={!isOpen}>
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${listId}-${option.key}`}
            role="option"
            aria-selected={index === highlight}
            className={`place-search__option${option.key === 'current' ? ' place-search__option--current' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setHighlight(index)}
            onClick={option.choose}
          >
            <span className="place-search__label">{option.label}</span>
            {option.detail && <span className="place-search__detail">{option.detail}</span>}
          </li>
        ))}
        {noMatch && (
          <li role="option" aria-disabled="true" aria-selected={false} className="place-search__option place-search__empty">
            {noMatch}
          </li>
        )}
      </ul>
      {/* Said aloud too: the list's own line is not announced when it appears. */}
      <p role="status" className="visually-hidden">
        {noMatch}
      </p>
      {locationError && (
        <p role="alert" className="form-error">
          {locationError}
        </p>
      )}
    </div>
  );
}
