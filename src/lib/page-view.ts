/**
 * A page view on every navigation (spec 1 §2.2). No third-party analytics: the view goes to the
 * operator's own log endpoint (src/lib/analytics.ts, decision 0115: path only, no query string or
 * personal data) and to a `pf:page-view` window event that a test can listen to. The analytics
 * queue is loaded on the first view, not with the first screen's code: its batches wait seconds
 * anyway, and the first screen's script budget (DESIGN.md) has no room for it.
 */

export type PageView = { path: string; title: string; at: string };

export const PAGE_VIEW_EVENT = 'pf:page-view';

export function logPageView(path: string, title: string): void {
  const view: PageView = { path, title, at: new Date().toISOString() };
  void import('./analytics').then(({ trackPageView }) => trackPageView(path));
  window.dispatchEvent(new CustomEvent<PageView>(PAGE_VIEW_EVENT, { detail: view }));
}
