import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageCountOf, pageWindow, type PageItem } from './page-window';

/** "1 … 4 5 6 [7] 8 9 10 … 20" with one-based numbers, the current page in brackets. */
const show = (items: PageItem[], current: number) => items.map((item) => (item.kind === 'gap' ? '…' : item.page === current ? `[${item.page + 1}]` : String(item.page + 1))).join(' ');

describe('pageWindow', () => {
  it('shows three pages either side of the current one, and the ends behind a gap', () => {
    expect(show(pageWindow(6, 20), 6)).toBe('1 … 4 5 6 [7] 8 9 10 … 20');
    expect(show(pageWindow(0, 20), 0)).toBe('[1] 2 3 4 … 20');
    expect(show(pageWindow(19, 20), 19)).toBe('1 … 17 18 19 [20]');
    expect(show(pageWindow(2, 3), 2)).toBe('1 2 [3]');
    expect(show(pageWindow(0, 1), 0)).toBe('[1]');
  });

  it('shows a single hidden page rather than a gap for it', () => {
    expect(show(pageWindow(5, 9), 5)).toBe('1 2 3 4 5 [6] 7 8 9');
    expect(show(pageWindow(4, 10), 4)).toBe('1 2 3 4 [5] 6 7 8 9 10');
    expect(show(pageWindow(4, 11), 4)).toBe('1 2 3 4 [5] 6 7 8 … 11');
  });

  it('reads a page past the end (entries deleted since) as the last page', () => {
    expect(show(pageWindow(12, 3), 2)).toBe('1 2 [3]');
    expect(show(pageWindow(-4, 3), 0)).toBe('[1] 2 3');
  });

  it('holds for any list: ascending, unique, current within ±3 shown, ends reachable, no gap hiding fewer than two pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: -5, max: 600 }), (count, asked) => {
        const current = Math.min(Math.max(0, asked), count - 1);
        const items = pageWindow(asked, count);
        const pages = items.flatMap((item) => (item.kind === 'page' ? [item.page] : []));
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        for (let page = Math.max(0, current - 3); page <= Math.min(count - 1, current + 3); page += 1) expect(pages).toContain(page);
        expect(pages[0]).toBe(0);
        expect(pages.at(-1)).toBe(count - 1);
        // Beyond ±3 only the ends, and the one page a gap would have hidden beside them.
        expect(pages.every((page) => page <= 1 || page >= count - 2 || Math.abs(page - current) <= 3)).toBe(true);
        items.forEach((item, i) => {
          if (item.kind !== 'gap') return;
          const before = items[i - 1];
          const after = items[i + 1];
          expect(before?.kind === 'page' && after?.kind === 'page' && after.page - before.page).toBeGreaterThanOrEqual(3);
        });
        expect(items.length).toBeLessThanOrEqual(11);
      }),
    );
  });
});

describe('pageCountOf', () => {
  it('counts 20 a page, at least one', () => {
    expect([0, 1, 20, 21, 40, 41, 2000].map((total) => pageCountOf(total))).toEqual([1, 1, 1, 2, 2, 3, 100]);
  });
});
