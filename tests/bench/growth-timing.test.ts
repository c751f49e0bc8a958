import { describe, expect, it } from 'vitest';
import { medianOfRuns, percentile, type Timing } from './growth-timing.ts';

const run = (p50: number, p99: number, failed = 0): Timing => ({ p50, p99, failed, statuses: failed > 0 ? { 200: 300 - failed, 500: failed } : { 200: 300 } });

describe('the growth bench reports each path as the median of its runs', () => {
  it('takes the median p50 and the median p99, each on its own, so one bad run does not decide the tail', () => {
    const median = medianOfRuns([run(12, 40), run(11, 180), run(14, 35)]);
    expect(median.p50).toBe(12);
    expect(median.p99).toBe(40);
  });

  it('keeps every failure of every run: a failing request is never outvoted', () => {
    const median = medianOfRuns([run(10, 20), run(10, 20, 2), run(10, 20)]);
    expect(median.failed).toBe(2);
    expect(median.statuses).toEqual({ 200: 898, 500: 2 });
  });

  it('percentile is the nearest-rank one: the p99 of 300 requests is the third-slowest', () => {
    const sorted = Array.from({ length: 300 }, (_, i) => i + 1);
    expect(percentile(sorted, 99)).toBe(297);
    expect(percentile(sorted, 50)).toBe(150);
  });
});
