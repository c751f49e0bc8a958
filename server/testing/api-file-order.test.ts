import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { WAITING_FILES, WaitingFilesFirst } from './api-file-order.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const spec = (file: string) => ({ moduleId: path.join(ROOT, file) }) as TestSpecification;
const sizeOf = (file: string) => statSync(path.join(ROOT, file)).size;

describe('the API files\' order', () => {
  it('starts the files that wait on a real timer first, then the rest largest first', async () => {
    const [first, ...rest] = ['server/lib/auth.test.ts', 'server/app-fuzz.api.test.ts', 'server/config.test.ts'] as const;
    const others = [first, ...rest];
    const sorted = (await new WaitingFilesFirst().sort([first, ...WAITING_FILES, ...rest].map(spec))).map((file) => path.relative(ROOT, file.moduleId));
    expect(sorted.slice(0, WAITING_FILES.length).sort()).toEqual([...WAITING_FILES].sort());
    expect(sorted.slice(WAITING_FILES.length)).toEqual([...others].sort((a, b) => sizeOf(b) - sizeOf(a)));
  });

  it('names files that exist', () => {
    expect(WAITING_FILES.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
