import { describe, expect, it } from 'vitest';
import { mergeBenchmarksDoc, type BenchSection } from './benchmarks-doc.ts';

const run = { date: '2026-12-06T06:00:00Z', commit: 'abc1234', machine: '2 cores, load 1.00' };
const rates: BenchSection = { name: 'rates', rows: [{ what: 'rates p99', budget: '≤ 15 ms', measured: '9.2 ms', ok: true }], lines: ['runs 9.2, 17.9, 6.7'] };
const bundle: BenchSection = { name: 'bundle', rows: [{ what: 'first-screen JS /', budget: '≤ 118 KB', measured: '120 KB', ok: false }], lines: [] };

describe('mergeBenchmarksDoc', () => {
  it('writes each budget beside its figure with the run it came from', () => {
    const doc = mergeBenchmarksDoc(undefined, [rates, bundle], run);
    expect(doc).toContain('| rates p99 | ≤ 15 ms | 9.2 ms | met |');
    expect(doc).toContain('| first-screen JS / | ≤ 118 KB | 120 KB | **over** |');
    expect(doc).toContain('Run 2026-12-06T06:00:00Z, commit abc1234; 2 cores, load 1.00.');
    expect(doc).toContain('runs 9.2, 17.9, 6.7');
  });

  it('replaces the sections run again and keeps the others', () => {
    const first = mergeBenchmarksDoc(undefined, [rates, bundle], run);
    const later = { ...run, commit: 'def5678' };
    const second = mergeBenchmarksDoc(first, [{ ...rates, rows: [{ ...rates.rows[0]!, measured: '7.0 ms' }] }], later);
    expect(second).toContain('| rates p99 | ≤ 15 ms | 7.0 ms | met |');
    expect(second).not.toContain('9.2 ms |');
    expect(second).toContain('| first-screen JS / | ≤ 118 KB | 120 KB | **over** |');
    expect(second.match(/<!-- bench:rates -->/g)).toHaveLength(1);
  });

  it('names the scope a section ran at (the growth bench: scale and requests) in its run line, and drops it when the section is run again without one', () => {
    const growth: BenchSection = {
      name: 'growth',
      rows: [{ what: 'growth 3 years: receipts, last page (offset 2080), p50/p99 one at a time (fresh 9.0 ms / 20.0 ms)', budget: 'p99 ≤ 50 ms', measured: '12.0 ms / 30.0 ms', ok: true }],
      lines: [],
      scope: 'scale 0.01 (a reduced history), 100 requests a path one at a time and 100 at 8 concurrent',
    };
    const doc = mergeBenchmarksDoc(undefined, [growth, bundle], run);
    expect(doc).toContain('Run 2026-12-06T06:00:00Z, commit abc1234; 2 cores, load 1.00; scale 0.01 (a reduced history), 100 requests a path one at a time and 100 at 8 concurrent.');
    expect(doc).toContain('| growth 3 years: receipts, last page (offset 2080), p50/p99 one at a time (fresh 9.0 ms / 20.0 ms) | p99 ≤ 50 ms | 12.0 ms / 30.0 ms | met |');
    // The other sections' run lines carry no scope.
    expect(doc).toContain('## bundle\n\nRun 2026-12-06T06:00:00Z, commit abc1234; 2 cores, load 1.00.\n');
    const again = mergeBenchmarksDoc(doc, [{ ...growth, scope: undefined }], { ...run, commit: 'def5678' });
    expect(again).toContain('Run 2026-12-06T06:00:00Z, commit def5678; 2 cores, load 1.00.\n');
    expect(again).not.toContain('scale 0.01');
  });
});
