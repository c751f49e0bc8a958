/**
 * What keeps a new version from reloading the page right now (read by src/lib/sw-bridge.ts).
 * Two sources:
 * - explicit holds: a payment in flight and an open exit pass call `holdUpdate` (or the
 *   `useUpdateHold` hook) and release it when they end;
 * - typed input: `watchTypedInput` remembers every field the driver typed into, so any form
 *   on any screen (lot code, plate, ticket number, sign-in, card) holds the update while a
 *   typed value is still on screen. Sending the form moves on to another screen, which removes
 *   the field; clearing it lets go too. No form has to register itself to be safe.
 */
import { useEffect } from 'react';

export type UpdateHoldReason = 'payment' | 'exit-pass' | 'form';

const holds = new Map<symbol, UpdateHoldReason>();
let hasTypedInput: () => boolean = () => false;

/** Holds the update until the returned function is called (calling it twice is harmless). */
export function holdUpdate(reason: UpdateHoldReason): () => void {
  const key = Symbol(reason);
  holds.set(key, reason);
  return () => void holds.delete(key);
}

/** Holds the update while `isActive` (and the component is mounted). */
export function useUpdateHold(reason: UpdateHoldReason, isActive = true): void {
  useEffect(() => (isActive ? holdUpdate(reason) : undefined), [reason, isActive]);
}

/** Why the page may not reload now; empty when it may. */
export function updateHoldReasons(): UpdateHoldReason[] {
  const reasons = new Set(holds.values());
  if (hasTypedInput()) reasons.add('form');
  return [...reasons];
}

export function isUpdateHeld(): boolean {
  return updateHoldReasons().length > 0;
}

/** A field the driver types into: text-like inputs, text areas and selects. */
type EntryField = { value: string; isConnected: boolean; readOnly?: boolean };

const NOT_TYPED = new Set(['button', 'submit', 'reset', 'hidden', 'checkbox', 'radio', 'file', 'image', 'range', 'color']);

function entryField(target: EventTarget | null): EntryField | undefined {
  if (typeof target !== 'object' || target === null || !('tagName' in target) || !('value' in target)) return undefined;
  const tag = String(target.tagName).toLowerCase();
  const type = 'type' in target ? String(target.type).toLowerCase() : '';
  if (tag === 'textarea' || tag === 'select' || (tag === 'input' && !NOT_TYPED.has(type))) return target as unknown as EntryField;
  return undefined;
}

/**
 * Starts remembering typed fields on `root` (the document). A field counts while it is still in
 * the page and not empty. `focused` (the document's active element) is the field a driver may
 * have typed into before the watch began: it starts after the first page. Returns a function
 * that stops watching.
 */
export function watchTypedInput(root: Pick<Document, 'addEventListener' | 'removeEventListener'>, focused?: EventTarget | null): () => void {
  const typed = new Set<EntryField>();
  const remember = (target: EventTarget | null | undefined) => {
    const field = entryField(target ?? null);
    if (field && !field.readOnly) typed.add(field);
  };
  const onInput = (event: Event) => remember(event.target);
  remember(focused);
  root.addEventListener('input', onInput, true);
  hasTypedInput = () => {
    for (const field of typed) if (!field.isConnected || field.value === '') typed.delete(field);
    return typed.size > 0;
  };
  return () => {
    root.removeEventListener('input', onInput, true);
    hasTypedInput = () => false;
  };
}
