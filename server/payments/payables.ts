/**
 * What can be paid. A payment names its payable by `systemEntityId` = "<kind>:<id>"
 * (e.g. "ticket:12345678901234567890123", "reservation:42"). The service that owns a kind
 * registers a resolver, so the amount always comes from the server's own records at the moment of
 * payment, never from the client:
 *
 *   registerPayable('ticket', { resolve: async (ticketNumber, uid, { db, now }) => ({ amountCents, description }) });
 *
 * `resolve` throws an HttpError (404 unknown or not the caller's, 409 nothing due) when the
 * payable cannot be paid by this caller now. `onPaid` runs once after a payment succeeds (mark
 * the ticket paid, issue the exit pass); it must be idempotent, since a crash between the payment
 * and the hook means it runs again on the next status read.
 *
 * The registry is code wiring filled at start-up, not request state, so it may live in memory.
 */
import * as v from 'valibot';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';

export type PayableContext = { db: Db; now: () => Date };
export type PayableAmount = { amountCents: number; description: string };

export type Payable = {
  resolve(entityId: string, uid: string, context: PayableContext): Promise<PayableAmount>;
  onPaid?(entityId: string, payment: { paymentId: number; uid: string; amountCents: number }, context: PayableContext): Promise<void>;
};

const registry = new Map<string, Payable>();

export const SYSTEM_ENTITY_ID_PATTERN = /^([a-z][a-z-]{1,30}):([A-Za-z0-9_.-]{1,64})$/;

export function registerPayable(kind: string, payable: Payable): void {
  if (!/^[a-z][a-z-]{1,30}$/.test(kind)) throw new Error(`Payable kind "${kind}" must be lower-case letters and hyphens.`);
  registry.set(kind, payable);
}

export function parseSystemEntityId(systemEntityId: string): { kind: string; entityId: string; payable: Payable } {
  const match = SYSTEM_ENTITY_ID_PATTERN.exec(systemEntityId);
  const payable = match && registry.get(match[1] ?? '');
  if (!match || !payable) {
    throw new HttpError(400, `systemEntityId "${systemEntityId}" does not name anything that can be paid (expected <kind>:<id>, kinds: ${[...registry.keys()].join(', ') || 'none'}).`);
  }
  return { kind: match[1] ?? '', entityId: match[2] ?? '', payable };
}

/** The amount due now; a resolver that returns a bad amount is a programming error (500). */
export async function resolvePayable(systemEntityId: string, uid: string, context: PayableContext): Promise<PayableAmount> {
  const { entityId, payable } = parseSystemEntityId(systemEntityId);
  const amount = await payable.resolve(entityId, uid, context);
  if (!v.is(v.pipe(v.number(), v.integer(), v.minValue(0)), amount.amountCents)) {
    throw new Error(`Payable ${systemEntityId} resolved to an invalid amount: ${String(amount.amountCents)}`);
  }
  if (amount.amountCents === 0) throw new HttpError(409, 'There is nothing to pay for this.');
  return amount;
}

export async function notifyPaid(systemEntityId: string, payment: { paymentId: number; uid: string; amountCents: number }, context: PayableContext): Promise<void> {
  const match = SYSTEM_ENTITY_ID_PATTERN.exec(systemEntityId);
  const payable = match && registry.get(match[1] ?? '');
  await payable?.onPaid?.(match?.[2] ?? '', payment, context);
}
