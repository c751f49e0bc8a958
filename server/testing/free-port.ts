/**
 * A port that is free on loopback, for a server a test or bench is about to start. It is drawn
 * from below the range the OS hands out itself (`ip_local_port_range`: the local end of every
 * outgoing connection and every `listen(0)`), so a port picked here and bound a moment later — or
 * a slot a rolling deploy frees and binds again — is never taken meanwhile by another process's
 * connection. `npm test` runs suites side by side that open thousands of those.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Below Linux's default ephemeral range (32768–60999), above the well-known and registered ports most tools bind. */
const PICKED_RANGE = { low: 20_000, high: 32_767 };
const ATTEMPTS = 50;

/** The first port the OS itself hands out, or undefined where the system does not say. */
function ephemeralLow(): number | undefined {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low && Number.isInteger(low) ? low : undefined;
  } catch {
    return undefined;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function anyPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  // Where the OS range starts low (or is unknown), let the OS choose.
  if (low === undefined || low <= PICKED_RANGE.low) return anyPort();
  const high = Math.min(PICKED_RANGE.high, low - 1);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const port = PICKED_RANGE.low + Math.floor(Math.random() * (high - PICKED_RANGE.low + 1));
    if (await canListen(port)) return port;
  }
  return anyPort();
}
