/**
 * The machine's floor for the rates bench: a bare Node HTTP server in its own process that reads
 * each request's body and answers with the same number of bytes a search answers with, computing
 * nothing. Loaded with the same Poisson arrivals, its p99 is what this machine gives any Node
 * server at that moment (scheduling, loopback, the load generator itself); the search's p99 minus
 * it is what the search adds. Printed beside the search's figures, never subtracted from them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpuMsOf } from './figures.ts';
import { type PoissonOptions, type PoissonResult, runPoissonLoadApart } from './poisson-load.ts';

const SERVER = `
  const { createServer } = require('node:http');
  const answer = Buffer.alloc(Number(process.argv[1]), 0x20);
  const server = createServer((request, response) => {
    request.on('data', () => {});
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': answer.length });
      response.end(answer);
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
`;

type FloorServer = { url: string; pid: number | undefined; stop: () => Promise<void> };

async function startFloorServer(answerBytes: number): Promise<FloorServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER, String(answerBytes)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code}) before it listened`)));
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One load run against a fresh floor server answering `answerBytes`: its figures and its CPU time a request. */
export async function measureMachineFloor(answerBytes: number, load: Omit<PoissonOptions, 'urls'>): Promise<{ result: PoissonResult; cpuPerRequestMs: number | undefined }> {
  const server = await startFloorServer(answerBytes);
  try {
    const cpuBefore = cpuMsOf(server.pid);
    const result = await runPoissonLoadApart({ ...load, urls: [server.url] });
    const cpuAfter = cpuMsOf(server.pid);
    return { result, cpuPerRequestMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.sent };
  } finally {
    await server.stop();
  }
}
