/**
 * Rate instances are immutable snapshots of a quote, identified by their content: the id is a
 * UUID (RFC 9562 version 8) made from a SHA-256 of every field. Any process computing the same
 * quote gets the same id, so storing it is an idempotent `insert … on conflict do nothing`, and
 * a process may skip re-inserting an id it has already stored (rows are never deleted: a
 * reservation refers to them). That keeps a search of 40 garages to one cheap write, or none.
 */
import { createHash, hash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { type RateInstanceRow, saveRateInstances } from './queries.ts';

/** SHA-256 in hex; the one-shot `crypto.hash` (Node ≥ 20.12) skips building a Hash object per id, the bulk of the cost for a search's 40 ids. */
const sha256Hex: (content: string | Buffer) => string =
  typeof hash === 'function' ? (content) => hash('sha256', content, 'hex') : (content) => createHash('sha256').update(content).digest('hex');

export function rateInstanceIdFor(content: Omit<RateInstanceRow, 'rateInstanceId'>): string {
  return rateInstanceIdForJson(JSON.stringify(content));
}

/** The id from the content's JSON text (what `rateInstanceIdFor` hashes), for callers that write the text themselves. */
export function rateInstanceIdForJson(contentJson: string): string {
  return rateInstanceIdForBytes(contentJson);
}

/** The id from the content's JSON text, as a string or as its UTF-8 bytes (what the all-garage search writes). */
export function rateInstanceIdForBytes(content: string | Buffer): string {
  const hex = sha256Hex(content);
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type RateInstanceRecorder = { save(instances: readonly RateInstanceRow[]): Promise<void> };

/** Remembers up to `capacity` stored ids (then forgets them all and starts again: a re-insert is harmless). */
export function createRateInstanceRecorder(db: Db, capacity = 100_000): RateInstanceRecorder {
  let stored = new Set<string>();
  return {
    async save(instances) {
      const fresh = instances.filter((instance) => !stored.has(instance.rateInstanceId));
      if (fresh.length === 0) return;
      await saveRateInstances(db, fresh);
      if (stored.size + fresh.length > capacity) stored = new Set();
      for (const instance of fresh) stored.add(instance.rateInstanceId);
    },
  };
}
