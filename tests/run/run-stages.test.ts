/**
 * `npm test`'s order of steps (tests/run/lib.mjs, runStages): a stage's steps at once, the next
 * stage after them, a step marked `through` going on beside later stages, and a failure stopping
 * the run only once what still runs has ended. Steps here are promises the test settles by hand.
 */
import { describe, expect, it } from 'vitest';
import { runStages, type StepResult } from './lib.mjs';

type Step = { name: string; through?: number; code?: number };

/** Steps that end when the test says so, with a log of what started and ended, and whether each ran alone. */
function manualSteps() {
  const log: string[] = [];
  const alone = new Map<string, boolean>();
  const finishers = new Map<string, () => void>();
  const runStep = (step: Step, isAlone: boolean) => {
    log.push(`start ${step.name}`);
    alone.set(step.name, isAlone);
    return new Promise<StepResult>((resolve) => {
      finishers.set(step.name, () => {
        log.push(`end ${step.name}`);
        resolve({ name: step.name, ms: 1, code: step.code ?? 0 });
      });
    });
  };
  /** Ends a step that has started, then lets the runner go on. */
  const finish = async (name: string) => {
    const end = finishers.get(name);
    if (!end) throw new Error(`${name} has not started`);
    end();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { log, alone, runStep, finish };
}

describe('runStages', () => {
  it('starts the next stage when the stage\'s other steps end, and the one after only once the carried step has ended', async () => {
    const { log, alone, runStep, finish } = manualSteps();
    const stages: Step[][] = [[{ name: 'typecheck', through: 1 }, { name: 'lint' }, { name: 'unit' }], [{ name: 'api' }], [{ name: 'e2e' }]];
    const run = runStages(stages, runStep);
    await finish('lint');
    await finish('unit');
    expect(log).toContain('start api');
    await finish('api');
    expect(log).not.toContain('start e2e');
    await finish('typecheck');
    await finish('e2e');
    const { results, failedStep } = await run;
    expect(log).toEqual(['start typecheck', 'start lint', 'start unit', 'end lint', 'end unit', 'start api', 'end api', 'end typecheck', 'start e2e', 'end e2e']);
    expect(results.map(({ name }) => name).sort()).toEqual(['api', 'e2e', 'lint', 'typecheck', 'unit']);
    expect(failedStep).toBeUndefined();
    // Only e2e had the machine to itself: api shared it with the carried typecheck.
    expect([...alone].filter(([, isAlone]) => isAlone).map(([name]) => name)).toEqual(['e2e']);
  });

  it('stops at the stage of a failed carried step, after its own steps ended', async () => {
    const { log, runStep, finish } = manualSteps();
    const run = runStages([[{ name: 'typecheck', through: 1, code: 2 }, { name: 'lint' }], [{ name: 'api' }], [{ name: 'e2e' }]], runStep);
    await finish('lint');
    await finish('typecheck');
    await finish('api');
    const { results, failedStep } = await run;
    expect(failedStep).toBe('typecheck');
    expect(results.map(({ name }) => name)).toEqual(['lint', 'typecheck', 'api']);
    expect(log).not.toContain('start e2e');
  });

  it('on a failure in the first stage waits for the carried step, then starts nothing more', async () => {
    const { log, runStep, finish } = manualSteps();
    const run = runStages([[{ name: 'typecheck', through: 1 }, { name: 'lint', code: 1 }], [{ name: 'api' }]], runStep);
    await finish('lint');
    expect(log).not.toContain('start api');
    await finish('typecheck');
    const { results, failedStep } = await run;
    expect(failedStep).toBe('lint');
    expect(results.map(({ name }) => name)).toEqual(['lint', 'typecheck']);
    expect(log).not.toContain('start api');
  });
});
