/**
 * When to offer "Add to Home Screen" (the state lives in install-prompt.ts, in the entry): after
 * a successful park-and-pay activation, if this browser can install — the kept
 * `beforeinstallprompt`, or Safari on iOS, which has no such event and gets the Share-sheet steps
 * — never when the app already runs from the home screen, and at most once a week (the time it
 * was last offered is kept under INSTALL_HINT_KEY).
 */
import { hasInstallPrompt, installOfferStore, setInstallOffer, type InstallOffer } from './install-prompt';
import { readStorage, writeStorage } from './storage';

export const INSTALL_HINT_KEY = 'pf-install-hint-offered-at';
export const INSTALL_HINT_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

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
  if (installOfferStore.getOffer() || isRunningInstalled() || !isOfferDue(readStorage(INSTALL_HINT_KEY), now)) return;
  const offer: InstallOffer = hasInstallPrompt() ? 'prompt' : isIosSafari(navigator.userAgent, navigator.maxTouchPoints) ? 'ios-share' : undefined;
  if (!offer) return;
  writeStorage(INSTALL_HINT_KEY, String(now));
  setInstallOffer(offer);
}
