import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slowestFiles } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('slowestFiles', () => {
  it("ranks a Vitest report's files by their wall time", () => {
    const report = {
      numPassedTests: 3,
      testResults: [
        { name: path.join(root, 'server/a.api.test.ts'), startTime: 1_000, endTime: 3_500 },
        { name: path.join(root, 'server/b.api.test.ts'), startTime: 1_000, endTime: 9_000 },
        { name: path.join(root, 'server/c.api.test.ts'), startTime: 2_000, endTime: 2_100 },
      ],
    };
    expect(slowestFiles(report, 2)).toEqual([
      { file: 'server/b.api.test.ts', ms: 8_000 },
      { file: 'server/a.api.test.ts', ms: 2_500 },
    ]);
  });

  it("adds up a Playwright spec file's tests over describe blocks, projects and retries", () => {
    const test = (...durations: number[]) => ({ projectName: 'desktop', results: durations.map((duration) => ({ duration })) });
    const report = {
      stats: { expected: 4, unexpected: 0, flaky: 1 },
      suites: [
        { file: 'short.spec.ts', specs: [{ tests: [test(1_000)] }] },
        {
          file: 'long.spec.ts',
          specs: [{ tests: [test(2_000), test(3_000)] }],
          // A describe block, and a failed try with its retry: both count.
          suites: [{ specs: [{ tests: [test(4_000, 5_000)] }] }],
        },
      ],
    };
    expect(slowestFiles(report, 5)).toEqual([
      { file: 'tests/e2e/long.spec.ts', ms: 14_000 },
      { file: 'tests/e2e/short.spec.ts', ms: 1_000 },
    ]);
  });

  it('gives nothing for a report of another shape', () => {
    expect(slowestFiles({ unexpected: true }, 5)).toEqual([]);
  });
});
