/**
 * The home hero search box: the shared box with place and event suggestions (src/ui), full
 * screen on phones. A place goes to /search/results (q with dashes, lat/lng with six decimals),
 * an event to its event search.
 *
 * The box's code (~3 KB gzip with its date and media-query helpers) is not on the first screen:
 * the server's HTML draws the box, and React leaves it as it is (a Suspense boundary waiting for
 * the code) until the driver reaches for it — a focus, a tap, a key, the pointer over it. Then the
 * code loads and React attaches to the same input: what was typed stays, the box keeps the focus
 * and opens its list (place-search-box.tsx reads the field it finds focused). Its stylesheet is
 * in the main one (src/styles/app.css), so the server's box is styled from the first paint. A home page the browser
 * renders itself (offline shell, a signed-in device) has no markup to keep: it loads the box at
 * once, drawing its shape meanwhile.
 */
import { useNavigate } from '@tanstack/react-router';
import { useHydrated } from '../../lib/hydration';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { SEARCH_PLACEHOLDER } from '../../ui/place-search-text';
import { toSearchQuery } from './search-params';

let markWanted: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => (markWanted = resolve));
// The server renders the box whole.
if (typeof window === 'undefined') markWanted();
const PlaceSearchBox = lazy(() => wanted.then(() => import('../../ui/place-search-box')).then((module) => ({ default: module.PlaceSearchBox })));

/** What shows that the driver is about to use the box (document capture: React stops events on a part it has not attached yet). */
const INTENT_EVENTS = ['focusin', 'pointerdown', 'pointerover', 'keydown'] as const;

/** The box as it first renders (place-search-box.tsx, closed and empty), while its code loads. */
function PlaceSearchBoxShape() {
  return (
    <div className="place-search" role="search">
      <div className="place-search__field">
        <input type="text" className="place-search__input" placeholder={SEARCH_PLACEHOLDER} aria-label={SEARCH_PLACEHOLDER} readOnly />
      </div>
    </div>
  );
}

export function HeroSearch() {
  const navigate = useNavigate();
  const boxRef = useRef<HTMLDivElement>(null);
  const isHydrated = useHydrated();
  // Rendered by the browser, not hydrated: nothing on screen to keep, so the box loads now.
  useState(() => isHydrated && markWanted());
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    // Already in the box (focused, or typed into, before the app attached).
    if (box.contains(document.activeElement) || box.querySelector('input')?.value) {
      markWanted();
      return undefined;
    }
    const onIntent = (event: Event): void => {
      if (!(event.target instanceof Node) || !box.contains(event.target)) return;
      markWanted();
      stop();
    };
    const stop = (): void => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, onIntent, true));
    INTENT_EVENTS.forEach((type) => document.addEventListener(type, onIntent, true));
    return stop;
  }, []);
  // One element for the page's life: a dehydrated boundary that receives new props (a re-render
  // of this component after hydration, new handler closures) stops waiting and renders its
  // fallback instead of the server's box, losing what was typed.
  const box = useMemo(
    () => (
      <Suspense fallback={<PlaceSearchBoxShape />}>
        <PlaceSearchBox
          isFullScreenOnPhone
          onPlace={(place) =>
            void navigate({ to: '/search/results', search: { q: toSearchQuery(place.name), lat: place.latitude.toFixed(6), lng: place.longitude.toFixed(6) } })
          }
          onEvent={(event) => void navigate({ to: '/search/event/$id/{-$slug}', params: { id: String(event.id), slug: event.slug } })}
        />
      </Suspense>
    ),
    [navigate],
  );
  return <div ref={boxRef}>{box}</div>;
}
