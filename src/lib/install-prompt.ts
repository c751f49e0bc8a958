/**
 * "Add to Home Screen", offered once a driver has activated parking (issue 22 item 7). Chromium
 * fires `beforeinstallprompt` once, early, and only to listeners already there, so the entry
 * captures it at once (captureInstallPrompt, in src/main.tsx) and keeps it for later; iOS Safari
 * has no such event, so there the hint gives the Share-sheet steps instead. Offered at most once
 * a week (the time it was last offered is kept under STORAGE_KEY), never when the app already
 * runs from the home screen. Small on purpose: it is part of every first screen; the hint itself
 * (features/install/install-hint.tsx) loads only when it is offered.
 */
import { readStorage, writeStorage } from './storage';

export const INSTALL_HINT_KEY = 'pf-install-hint-offered-at';
export const INSTALL_HINT_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

type BeforeInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };
export type InstallOffer = 'prompt' | 'ios-share' | undefined;

let deferredPrompt: BeforeInstallPromptEvent | undefined;
let offer: InstallOffer;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Chromium's own mini-infobar would come at a random moment; ours comes after activation.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = undefined;
    offer = undefined;
    emit();
  });
}

export function isRunningInstalled(): boolean {
  const isStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return isStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Safari on an iPhone or iPad (iPadOS says "Macintosh" but has touch); other iOS browsers name themselves. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const isIos = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return isIos && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent);
}

/** Due when never offered, or offered a week ago or more (a bad stored value counts as never). */
export function isOfferDue(lastOfferedAt: string | null, now: number): boolean {
  const last = Number(lastOfferedAt);
  return !lastOfferedAt || !Number.isFinite(last) || now - last >= INSTALL_HINT_INTERVAL_MS;
}

/** Called when parking was activated: puts the hint up if this browser can install and it is due. */
export function offerInstallAfterActivation(now = Date.now()): void {
  if (offer || isRunningInstalled() || !isOfferDue(readStorage(INSTALL_HINT_KEY), now)) return;
  const next: InstallOffer = deferredPrompt ? 'prompt' : isIosSafari(navigator.userAgent, navigator.maxTouchPoints) ? 'ios-share' : undefined;
  if (!next) return;
  writeStorage(INSTALL_HINT_KEY, String(now));
  offer = next;
  emit();
}

export const installOfferStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getOffer: (): InstallOffer => offer,
};

/** The browser's own install dialog; the hint goes away whatever the driver answers. */
export async function promptInstall(): Promise<void> {
  const prompt = deferredPrompt;
  deferredPrompt = undefined;
  dismissInstallOffer();
  if (!prompt) return;
  await prompt.prompt();
  await prompt.userChoice.catch(() => undefined);
}

export function dismissInstallOffer(): void {
  offer = undefined;
  emit();
}
