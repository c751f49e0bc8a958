/**
 * The one-time hint about choosing times or dates. Spec 1 §2.3: "A one-time tooltip about choosing
 * times or dates appears 750 ms after load." Dismissed once, it never shows again on this device.
 * A short one-line bubble pointing at the times (search.css): it covers the results' head row, not
 * the first garage, and stays smaller than the page's heading — a later, larger hint would be the
 * page's largest paint, and Lighthouse's LCP would wait on the whole app for it (README "Search
 * pages:").
 */
import { useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';
import type { SearchType } from './search-url';

const SEEN_KEY = 'pf-search-tooltip-seen';
const DELAY_MS = 750;
const TEXTS: Record<SearchType, string> = { DAILY: 'Set your times for the exact price.', MONTHLY: 'Pick a start date for monthly rates.' };

export function SearchTooltip({ type }: { type: SearchType }) {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (readStorage(SEEN_KEY)) return undefined;
    const timer = setTimeout(() => setIsShown(true), DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!isShown) return null;
  const dismiss = (): void => {
    writeStorage(SEEN_KEY, '1');
    setIsShown(false);
  };
  return (
    <div className="search-tooltip" role="status">
      <p className="search-tooltip__text">{TEXTS[type]}</p>
      <button type="button" className="search-tooltip__close" onClick={dismiss}>
        Got it
      </button>
    </div>
  );
}
