/**
 * `npm run bench -- --write` writes docs/benchmarks.md: the figures of this run with the date,
 * commit, machine (cores, CPU, load average before and after) and every budget beside its
 * measured figure. It is the only place figures are kept (docs/decisions/0038): a section not run
 * this time keeps its previous block, marked with the run it came from.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export type BenchRow = { what: string; budget: string; measured: string; ok: boolean | undefined };
/** `scope`: what this run of the section measured on, beside the machine (the growth bench's scale and request count). */
export type BenchSection = { name: string; rows: BenchRow[]; lines: string[]; scope?: string };
export type BenchRun = { date: string; commit: string; machine: string };

const SECTION_START = (name: string) => `<!-- bench:${name} -->`;
const SECTION_END = (name: string) => `<!-- /bench:${name} -->`;

export function describeMachine(loadBefore: number[]): string {
  const cores = cpus();
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), load average (1/5/15 min) ${load(loadBefore)} before, ${load(loadavg())} after`;
}

export function currentCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const isDirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return isDirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

const verdict = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? 'met' : '**over**');
const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderSection(section: BenchSection, run: BenchRun): string {
  const table = ['| what | budget | measured | verdict |', '|---|---|---|---|', ...section.rows.map((row) => `| ${cell(row.what)} | ${cell(row.budget)} | ${cell(row.measured)} | ${verdict(row.ok)} |`)];
  const notes = section.lines.length > 0 ? ['', '```text', ...section.lines, '```'] : [];
  return [SECTION_START(section.name), `## ${section.name}`, '', `Run ${run.date}, commit ${run.commit}; ${run.machine}${section.scope ? `; ${section.scope}` : ''}.`, '', ...table, ...notes, SECTION_END(section.name)].join('\n');
}

/** Replaces the blocks of the sections run now and keeps the others as they were. */
export function mergeBenchmarksDoc(previous: string | undefined, sections: BenchSection[], run: BenchRun): string {
  const blocks = new Map<string, string>();
  const pattern = /<!-- bench:([\w-]+) -->[\s\S]*?<!-- \/bench:\1 -->/g;
  for (const match of previous?.matchAll(pattern) ?? []) if (match[1]) blocks.set(match[1], match[0]);
  for (const section of sections) blocks.set(section.name, renderSection(section, run));
  const header = [
    '# Benchmarks',
    '',
    'Written by `npm run bench -- --write` (`tests/bench/index.ts`); do not edit by hand. Each',
    'section says when, on which commit and on what machine it was measured. Budgets are',
    'DESIGN.md\'s; timings on a 2-core machine move with its load, so compare a figure with the',
    'load and, for Lighthouse, its benchmark index printed beside it. Run one section again with',
    '`npm run bench -- --only=<section> --write`.',
  ].join('\n');
  return [header, ...[...blocks.values()]].join('\n\n') + '\n';
}

export function writeBenchmarksDoc(file: string, sections: BenchSection[], run: BenchRun): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  writeFileSync(file, mergeBenchmarksDoc(previous, sections, run));
}
