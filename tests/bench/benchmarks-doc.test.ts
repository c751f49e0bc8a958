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
});
