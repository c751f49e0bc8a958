/**
 * A page view on every navigation (spec 1 §2.2). No third-party analytics: the view goes to
 * the console at debug level and to a `pf:page-view` window event that an analytics adapter
 * (or a test) can listen to.
 */
export type PageView = { path: string; title: string; at: string };

export const PAGE_VIEW_EVENT = 'pf:page-view';

export function logPageView(path: string, title: string): void {
  const view: PageView = { path, title, at: new Date().toISOString() };
  console.debug('page view', view);
  window.dispatchEvent(new CustomEvent<PageView>(PAGE_VIEW_EVENT, { detail: view }));
}
