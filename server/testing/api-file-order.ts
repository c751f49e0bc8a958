/**
 * The order the API suite's files start in (vite.config.ts, `sequence.sequencer`): the files that
 * mostly wait on a real product timer first, then the rest largest first, as Vitest orders files
 * it has no timings for (a clean clone has none). Started late, a file that waits 30 s on a
 * lease or a deadline ran alone at the end of the run while the other worker had nothing left:
 * `idempotency-takeover` (41 s) ended the PostgreSQL run that way.
 */
import { statSync } from 'node:fs';
import type { TestSequencer, TestSpecification } from 'vitest/node';

/** Files that spend most of their time waiting on a real 30 s timer (a key's lease, a body deadline). */
export const WAITING_FILES = ['server/payments/idempotency-takeover.api.test.ts', 'server/lib/request-timeouts.api.test.ts'];

const waitsFirst = (file: string): number => (WAITING_FILES.some((waiting) => file.endsWith(waiting)) ? 0 : 1);

export class WaitingFilesFirst implements TestSequencer {
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return files;
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const size = new Map(files.map((file) => [file.moduleId, statSync(file.moduleId).size]));
    return [...files].sort((a, b) => waitsFirst(a.moduleId) - waitsFirst(b.moduleId) || (size.get(b.moduleId) ?? 0) - (size.get(a.moduleId) ?? 0));
  }
}
