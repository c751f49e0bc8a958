/**
 * `npm test`: every check, in order (the quick ones side by side), stopping after the first
 * stage with a failure. Prints each step's wall time, the five slowest files of each test report,
 * and, at the end, one line the CI reads:
 * "N passed, N failed" (tests counted from the Vitest and Playwright JSON reports the steps write
 * into PF_RESULTS_DIR).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countResults, formatDuration, readReports, run, runStages, slowestFiles, vitestReportArgs } from './lib.mjs';

const resultsDir = await mkdtemp(path.join(tmpdir(), 'pf-test-results-'));
process.env.PF_RESULTS_DIR = resultsDir;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/**
 * Steps in order; the steps of one inner list run at once. tsc and ESLint each use one core and
 * the unit tests two: together on 2 cores they took 1 min 22 s against 1 min 47 s as two stages.
 * tsc goes on beside the next stage (`through: 1`): it is one process, and once lint and the unit
 * tests had ended it ran its last ~25 s alone on one core while the other waited.
 * The API suite (both databases at once) and the rolling deploy share a stage: the deploy waits on
 * its servers more than it computes, and alone it kept 2 cores ~60 % busy for 50 s. Every server
 * port a test picks lies below the range the OS hands out (server/testing/free-port.ts): beside
 * the API suite, a deploy slot freed and bound again was once taken meanwhile by a connection.
 * The end-to-end step keeps 2 cores busy on its own.
 */
const stages = [
  [
    { name: 'typecheck', args: ['run', 'typecheck'], through: 1 },
    { name: 'lint', args: ['run', 'lint'] },
    { name: 'test:unit', args: ['run', 'test:unit', '--', ...(await vitestReportArgs('unit'))] },
  ],
  [
    { name: 'test:api', args: ['run', 'test:api'] },
    { name: 'test:deploy', args: ['run', 'test:deploy'] },
  ],
  [{ name: 'test:e2e', args: ['run', 'test:e2e'] }],
];
const steps = stages.flat();

/** A step alone prints as it goes; steps run at once print each one's output whole when it ends. */
async function runStep(step, alone) {
  if (alone) console.log(`\n━━ ${step.name} ━━`);
  const output = alone ? undefined : [];
  const stepStart = Date.now();
  const code = await run(npm, step.args, { output });
  const ms = Date.now() - stepStart;
  if (output) {
    console.log(`\n━━ ${step.name} ━━`);
    process.stdout.write(Buffer.concat(output));
  }
  console.log(`━━ ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${formatDuration(ms)}`);
  return { name: step.name, ms, code };
}

const startedAt = Date.now();
const { results: timings, failedStep } = await runStages(stages, runStep);

const reports = await readReports(resultsDir);
await rm(resultsDir, { recursive: true, force: true });
const { passed, failed } = countResults(reports);
// Where the time went, file by file: the place to look when a step grows.
console.log('\nslowest files:');
for (const { name, report } of reports) console.log(`  ${name.padEnd(13)}${slowestFiles(report, 5).map(({ file, ms }) => `${file} ${formatDuration(ms)}`).join(' · ')}`);
console.log('\nsummary:');
for (const step of steps) {
  const timing = timings.find(({ name }) => name === step.name);
  console.log(`  ${step.name.padEnd(11)} ${timing ? `${timing.code === 0 ? 'ok    ' : 'FAILED'} ${formatDuration(timing.ms)}` : 'not run'}`);
}
console.log(`  total       ${formatDuration(Date.now() - startedAt)}${failedStep ? `, stopped at ${failedStep}` : ''}`);
// A failed step without failed tests (typecheck, lint, a crash) still counts as a failure.
console.log(`${passed} passed, ${failed + (failedStep && failed === 0 ? 1 : 0)} failed`);
process.exit(failedStep ? 1 : 0);
