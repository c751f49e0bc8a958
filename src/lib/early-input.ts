/**
 * What a driver does on a server-rendered page before React has attached to it. The page is
 * drawn from the HTML while the app's chunks load (after the first paint: public/after-paint.js);
 * its buttons have no handlers yet and its fields no state, so a tap on "View Rates" or a lot code
 * typed then would be lost. A few lines in index.html (they run before the body is parsed; the CSP
 * allows them by hash) keep, until the app attaches:
 * - each field's last value inside #root (React resets a controlled field to its state when it
 *   hydrates);
 * - taps on buttons inside #root, with their default stopped (a form's native submit would
 *   reload the page);
 * - the browser's install offer (`beforeinstallprompt` comes once, early: src/lib/install-prompt.ts).
 * Once the app has hydrated, the fields get their values back through React's onChange, then the
 * last kept tap is replayed on its button. Links work without React and are never kept. On a page
 * the app renders over instead of hydrating (a signed-in session), the fields and buttons are new
 * elements once it has committed: typed values go (the page draws the device's own), and the tap
 * goes to the new button of the same name when there is just one ("Show Exit Pass" at the gate).
 * The names below are the ones index.html uses.
 */
declare global {
  interface Window {
    /** Set once React has attached (or rendered over the page): index.html stops keeping taps and values. */
    __pfAttached?: boolean;
    __pfEarlyClicks?: Element[];
    __pfEarlyFields?: Map<Element, string>;
    __pfInstallPrompt?: Event;
  }
}

const REPLAY_WAIT_MS = 5000;
const REPLAY_POLL_MS = 50;

/**
 * React has attached this element: it carries React's props key. A part of the page inside a
 * Suspense boundary hydrates after the root does (when its code or data arrives), and an event on
 * it before then would reach no handler.
 */
const isHydrated = (element: Element): boolean => Object.keys(element).some((key) => key.startsWith('__reactProps'));

/**
 * Types `value` into a field as the driver did, so React's onChange sees it whatever the field
 * shows now (React may leave the typed text on screen at hydration and reset it on its next
 * render). React notices a change by comparing the field with the last value it saw through the
 * element's own `value` setter: that setter is told "empty", the prototype's gets the text.
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  field.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const isField = (element: Element): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/** What a driver reads on a button: its label, else its text. */
const nameOf = (element: Element): string => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';

/** The button the app drew in place of `replaced` (a page rendered over): the one of the same name, if just one. */
function newButtonFor(replaced: Element): Element | undefined {
  const sameName = [...document.querySelectorAll(`#root ${replaced.localName}`)].filter((element) => nameOf(element) === nameOf(replaced));
  return sameName.length === 1 ? sameName[0] : undefined;
}

/** The app has attached: later input goes to React; kept values come back, then the last kept tap is replayed, each once its part of the page has hydrated. */
export function replayEarlyInput(): void {
  window.__pfAttached = true;
  const kept = new Map(window.__pfEarlyFields ?? []);
  window.__pfEarlyFields?.clear();
  // Typing goes on while this runs: a field inside a Suspense boundary (the home hero's box)
  // hydrates after the root, and what is typed into it meanwhile reaches no handler. Giving back
  // the value kept before would drop those letters ("P" kept, "enn" typed: "P Station"), so a
  // kept field, or one not hydrated yet, keeps its latest value until it is given back.
  const keepTyping = (event: Event): void => {
    const field = event.target;
    if (field instanceof Element && isField(field) && field.closest('#root') && (kept.has(field) || !isHydrated(field))) kept.set(field, field.value);
  };
  document.addEventListener('input', keepTyping, true);
  const keptTap = window.__pfEarlyClicks?.splice(0).at(-1);
  const tap = keptTap?.isConnected === false ? newButtonFor(keptTap) : keptTap;
  const startedAt = Date.now();
  const replay = (): void => {
    const pending = [...kept.keys(), ...(tap ? [tap] : [])].filter((element) => element.isConnected);
    if (!pending.every(isHydrated)) {
      if (Date.now() - startedAt < REPLAY_WAIT_MS) setTimeout(replay, REPLAY_POLL_MS);
      else document.removeEventListener('input', keepTyping, true);
      return;
    }
    document.removeEventListener('input', keepTyping, true);
    for (const [field, value] of kept) if (field.isConnected && isField(field) && field.type !== 'checkbox' && field.type !== 'radio') typeInto(field, value);
    // In the next task: React commits the fields' new state in a microtask, and the tap's handler
    // (a form's submit) must see it.
    if (tap instanceof HTMLElement) setTimeout(() => tap.isConnected && tap.click(), 0);
  };
  replay();
}

