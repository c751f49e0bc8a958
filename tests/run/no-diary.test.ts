/**
 * The project speaks of itself — its code, commands, dates and commits — never of who worked on
 * it when (docs/decisions/0038-no-project-diary.md). This test reads every document, comment and
 * test name we write and fails on the marks of a work diary: numbered work sessions, whose helper
 * measured what, which coding assistant. Figures belong in docs/benchmarks.md, written by
 * `npm run bench -- --write`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');
const SCANNED_DIRS = ['src', 'sw', 'server', 'tests', 'docs', 'public', '.ci'];
const SCANNED_FILES = ['README.md', 'CONTRIBUTING.md', 'index.html', 'vite.config.ts', 'package.json', 'eslint.config.js'];
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|md|css|html|sql|json|sh)$|^run$/;
/** Data, generated code and third-party material: not our words. */
const SKIPPED = [/^tests\/fixtures\//, /^public\/mapdata\//, /\.gen\.ts$/, /^tests\/run\/no-diary\.test\.ts$/];

/** Each mark, with why it is one. Built from parts so this file does not match itself. */
const DIARY_MARKS: Array<{ pattern: RegExp; why: string }> = [
  { pattern: new RegExp(String.raw`\b(?:work\s+)?sessions?\s+\d+(?:\s*[–-]\s*\d+)?\b`, 'i'), why: 'a numbered work session' },
  { pattern: new RegExp(String.raw`\bother\s+helpers\b|\bhelpers?['’]\s+(?:runs?|work)\b`, 'i'), why: 'who measured' },
  { pattern: new RegExp(String.raw`\b(?:Claude|ChatGPT|Copilot|coding\s+assistant|AI\s+assistant)\b`, 'i'), why: 'which assistant' },
];

function listFiles(relative: string): string[] {
  const absolute = path.join(ROOT, relative);
  const stat = statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [relative];
  return readdirSync(absolute).flatMap((name) => (name === 'node_modules' ? [] : listFiles(path.posix.join(relative, name))));
}

export function findDiaryMarks(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, why } of DIARY_MARKS) {
      const match = pattern.exec(line);
      if (match) found.push(`line ${index + 1}: "${match[0]}" (${why})`);
    }
  });
  return found;
}

describe('no diary of the project\'s making', () => {
  it('recognises the marks it looks for', () => {
    expect(findDiaryMarks('Measured in s' + 'ession 17 on a busy machine')).toHaveLength(1);
    expect(findDiaryMarks('2 cores shared with six other ' + 'helpers\' runs')).toHaveLength(1);
    expect(findDiaryMarks('the park-and-pay session shows the pass; sessions expire after 24 h')).toEqual([]);
  });

  it('finds none in README, docs, comments or test names', () => {
    const files = [...SCANNED_DIRS.flatMap(listFiles), ...SCANNED_FILES.flatMap(listFiles)]
      .filter((file) => TEXT_FILE.test(path.basename(file)) && !SKIPPED.some((skip) => skip.test(file)));
    expect(files.length).toBeGreaterThan(500);
    const offences = files.flatMap((file) => findDiaryMarks(readFileSync(path.join(ROOT, file), 'utf8')).map((mark) => `${file} ${mark}`));
    expect(offences).toEqual([]);
  });
});
