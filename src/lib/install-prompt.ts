/**
 * "Add to Home Screen" (issue 22 item 7), the part every first screen carries: Chromium fires
 * `beforeinstallprompt` once, early, and only to listeners already there, so the entry captures
 * it at once (captureInstallPrompt, in src/main.tsx) and keeps it; the root layout watches the
 * offer (installOfferStore) to load the hint. When to offer is decided in install-offer.ts, after
 * an activation; the hint itself is features/install/install-hint.tsx. Both load only then.
 */
export type BeforeInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };
/** 'prompt': the browser's install dialog is ready; 'ios-share': Safari's Share-sheet steps. */
export type InstallOffer = 'prompt' | 'ios-share' | undefined;

let deferredPrompt: BeforeInstallPromptEvent | undefined;
let offer: InstallOffer;
const listeners = new Set<() => void>();

export function captureInstallPrompt(): void {
  // A server-rendered page loads the app after its first paint: index.html kept an earlier offer (src/lib/early-input.ts).
  if (window.__pfInstallPrompt) deferredPrompt = window.__pfInstallPrompt as BeforeInstallPromptEvent;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Chromium's own mini-infobar would come at a random moment; ours comes after activation.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = undefined;
    setInstallOffer(undefined);
  });
}

export const hasInstallPrompt = (): boolean => deferredPrompt !== undefined;

/** The kept event, handed out once: a prompt can be shown only once. */
export function takeInstallPrompt(): BeforeInstallPromptEvent | undefined {
  const prompt = deferredPrompt;
  deferredPrompt = undefined;
  return prompt;
}

export function setInstallOffer(next: InstallOffer): void {
  offer = next;
  listeners.forEach((listener) => listener());
}

export const installOfferStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getOffer: (): InstallOffer => offer,
};
