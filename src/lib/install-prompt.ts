/**
 * "Add to Home Screen" (issue 22 item 7), the part every first screen carries: Chromium fires
 * `beforeinstallprompt` once, early, and only to listeners already there, so index.html's inline
 * script keeps it (`window.__pfInstallPrompt`, also when it comes later) and holds back Chromium's
 * own mini-infobar; the root layout watches the offer (installOfferStore) to load the hint. When to offer is decided in install-offer.ts, after
 * an activation; the hint itself is features/install/install-hint.tsx. Both load only then.
 */
export type BeforeInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };
/** 'prompt': the browser's install dialog is ready; 'ios-share': Safari's Share-sheet steps. */
export type InstallOffer = 'prompt' | 'ios-share' | undefined;

let offer: InstallOffer;
const listeners = new Set<() => void>();

/** Once the app is installed, the kept prompt and any offer go. */
export function watchInstallation(): void {
  window.addEventListener('appinstalled', () => {
    window.__pfInstallPrompt = undefined;
    setInstallOffer(undefined);
  });
}

export const hasInstallPrompt = (): boolean => window.__pfInstallPrompt !== undefined;

/** The kept event, handed out once: a prompt can be shown only once. */
export function takeInstallPrompt(): BeforeInstallPromptEvent | undefined {
  const prompt = window.__pfInstallPrompt as BeforeInstallPromptEvent | undefined;
  window.__pfInstallPrompt = undefined;
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
