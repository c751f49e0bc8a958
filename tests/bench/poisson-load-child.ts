/**
 * The load generator's own process (see runPoissonLoadApart in poisson-load.ts): reads the
 * PoissonOptions as JSON on stdin, runs the load, writes the PoissonResult as JSON on stdout.
 */
import { type PoissonOptions, runPoissonLoad } from './poisson-load.ts';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const options = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PoissonOptions;
process.stdout.write(JSON.stringify(await runPoissonLoad(options)));
