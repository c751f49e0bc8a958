/**
 * Layout shifts of a page as the browser reports them (PerformanceObserver, shifts after input
 * left out, as CLS does): install before `page.goto`, read after the page has settled.
 */
import type { Page } from '@playwright/test';

export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShifts = (page: Page): Promise<number[]> => page.evaluate(() => (window as unknown as { __layoutShifts: number[] }).__layoutShifts);
