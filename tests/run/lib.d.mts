/** Types for the parts of lib.mjs that TypeScript files (the benches, the runner's tests) import. */
/** Installs Debian packages whose marker (a file path, or a check) is missing; needs root. */
export function ensureDebianPackages(markers: Record<string, string | (() => boolean)>): Promise<void>;
/** The longest files of one Vitest or Playwright JSON report, longest first (tests/run/lib.mjs). */
export function slowestFiles(report: unknown, count: number): Array<{ file: string; ms: number }>;
export type StageStep = { name: string; through?: number };
export type StepResult = { name: string; ms: number; code: number };
/** Runs stages in order, a stage's steps at once; `through: n` carries a step beside the stages up to n (tests/run/lib.mjs). */
export function runStages<S extends StageStep>(stages: S[][], runStep: (step: S, alone: boolean) => Promise<StepResult>): Promise<{ results: StepResult[]; failedStep: string | undefined }>;
