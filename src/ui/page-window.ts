/**
 * The pagination widget's numbers (spec 2 §3: default 20 per page, range 3 before and after):
 * the pages around the current one, with the first and last pages kept reachable behind a gap.
 * Zero-based pages, as the API's (`page` starts at 0); the widget shows them plus one.
 */

export const PAGE_SIZE = 20;
export const PAGE_RANGE = 3;

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: 'before' | 'after' };

/** How many pages `total` entries fill, at least one (an empty list is one empty page). */
export function pageCountOf(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/**
 * Page items for `current` of `pageCount`: `current` ± `range`, clamped to the list, then the
 * first page and a gap before them when they do not reach it, and a gap and the last page after.
 * A `current` outside the list (entries deleted since) is read as the nearest page.
 */
export function pageWindow(current: number, pageCount: number, range = PAGE_RANGE): PageItem[] {
  const count = Math.max(1, Math.floor(pageCount));
  const at = Math.min(Math.max(0, Math.floor(current)), count - 1);
  const from = Math.max(0, at - range);
  const to = Math.min(count - 1, at + range);
  const items: PageItem[] = [];
  if (from > 0) items.push({ kind: 'page', page: 0 });
  // A gap that would hide exactly one page shows that page instead.
  if (from === 2) items.push({ kind: 'page', page: 1 });
  else if (from > 2) items.push({ kind: 'gap', key: 'before' });
  for (let page = from; page <= to; page += 1) items.push({ kind: 'page', page });
  if (to === count - 3) items.push({ kind: 'page', page: count - 2 });
  else if (to < count - 3) items.push({ kind: 'gap', key: 'after' });
  if (to < count - 1) items.push({ kind: 'page', page: count - 1 });
  return items;
}
