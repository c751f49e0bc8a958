/**
 * JSON written straight into bytes, for the two texts the all-garage search writes 41 times a
 * search at 200 searches a second: the answer (daily-rate-json.ts) and each quote's content text,
 * whose SHA-256 is the rate instance id (daily-pricing.ts). Building those texts as strings made
 * ~250 KB of garbage a search (intermediate strings, the joined text, its UTF-8 copy), and the
 * collector's pauses were most of the search's slowest answers. Here a search allocates the one
 * Buffer it answers with, and nothing else.
 *
 * A writer is reused between texts (`take` / `view` end one and start the next); writing is
 * synchronous, so two texts are never written at once. Two ways to write a string:
 *   'ascii'  every character above U+007F as a \uXXXX escape: the answer is ASCII, and JSON.parse
 *            reads the same strings (a driver's phone never sees the difference).
 *   'exact'  JSON.stringify's text in UTF-8: the rate instance content, whose id must not change.
 */

type StringMode = 'ascii' | 'exact';

const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/** Below this, a whole number's digits are written one by one (beyond it, `String` knows best: 1e21…). */
const MAX_DIGIT_LOOP = 1e15;

/** JSON text with every character above U+007F escaped (\u2013 for an en dash): ASCII, and the same string to JSON.parse. */
export function asciiJson(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Quoted strings by value: messages and descriptions repeat across requests (garage hours, special windows). */
function quotedBytes(quote: (value: string) => string): (value: string) => Buffer {
  const cache = new Map<string, Buffer>();
  return (value) => {
    let bytes = cache.get(value);
    if (bytes === undefined) {
      bytes = Buffer.from(quote(value), 'utf8');
      if (cache.size >= 4096) cache.clear();
      cache.set(value, bytes);
    }
    return bytes;
  };
}
const QUOTED: Record<StringMode, (value: string) => Buffer> = {
  ascii: quotedBytes((value) => asciiJson(JSON.stringify(value))),
  exact: quotedBytes((value) => JSON.stringify(value)),
};

/** Objects from the pricing snapshot (location summaries, blackouts, alerts), written once per object: nothing mutates them. */
const objectBytes: Record<StringMode, WeakMap<object, Buffer>> = { ascii: new WeakMap(), exact: new WeakMap() };

/** Ids and ISO instants: written as they are when no character needs escaping. */
const PLAIN = /^[\w:.+-]*$/;

export class JsonBytes {
  #bytes: Buffer;
  #length = 0;
  readonly #quoted: (value: string) => Buffer;
  readonly #objects: WeakMap<object, Buffer>;
  readonly #mode: StringMode;
  /** The last two strings `plainString` found plain (see there). */
  readonly #plainSeen: [string, string] = ['', ''];
  #plainNext = 0;

  constructor(mode: StringMode, initialBytes = 64 * 1024) {
    this.#mode = mode;
    this.#quoted = QUOTED[mode];
    this.#objects = objectBytes[mode];
    this.#bytes = Buffer.allocUnsafeSlow(initialBytes);
  }

  #reserve(bytes: number): void {
    if (this.#length + bytes <= this.#bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.#bytes.length * 2, this.#length + bytes));
    this.#bytes.copy(grown, 0, 0, this.#length);
    this.#bytes = grown;
  }

  /** JSON.stringify's text of a value in this writer's mode, as bytes (for what is not written piece by piece). */
  #jsonBytes(value: unknown): Buffer {
    const text = JSON.stringify(value);
    return Buffer.from(this.#mode === 'ascii' ? asciiJson(text) : text, 'utf8');
  }

  /** Text known to be ASCII and already JSON (keys, punctuation), as it is. */
  raw(text: string): this {
    this.#reserve(text.length);
    const bytes = this.#bytes;
    let at = this.#length;
    for (let index = 0; index < text.length; index++) bytes[at++] = text.charCodeAt(index);
    this.#length = at;
    return this;
  }

  #copy(source: Buffer): this {
    this.#reserve(source.length);
    source.copy(this.#bytes, this.#length);
    this.#length += source.length;
    return this;
  }

  /** A string that repeats across requests (messages, names): quoted once, then copied. */
  string(value: string): this {
    return this.#copy(this.#quoted(value));
  }

  /**
   * A string that differs on every request (ids, instants): quoted directly when it needs no
   * escaping. The stay's two instants are the same for every garage of a search: the last two
   * such strings are remembered by identity and not checked again.
   */
  plainString(value: string): this {
    if (value !== this.#plainSeen[0] && value !== this.#plainSeen[1]) {
      if (!PLAIN.test(value)) return this.#copy(this.#jsonBytes(value));
      this.#plainSeen[this.#plainNext] = value;
      this.#plainNext = 1 - this.#plainNext;
    }
    this.#reserve(value.length + 2);
    this.#bytes[this.#length++] = QUOTE;
    this.raw(value);
    this.#bytes[this.#length++] = QUOTE;
    return this;
  }

  nullableString(value: string | null): this {
    return value === null ? this.raw('null') : this.string(value);
  }

  bool(value: boolean): this {
    return this.raw(value ? 'true' : 'false');
  }

  /** An object that is never mutated once written (see objectBytes). */
  sharedObject(value: object): this {
    let bytes = this.#objects.get(value);
    if (bytes === undefined) {
      bytes = this.#jsonBytes(value);
      this.#objects.set(value, bytes);
    }
    return this.#copy(bytes);
  }

  sharedObjects(values: readonly object[]): this {
    this.raw('[');
    for (let index = 0; index < values.length; index++) {
      if (index > 0) this.comma();
      this.sharedObject(values[index] as object);
    }
    return this.raw(']');
  }

  comma(): this {
    this.#reserve(1);
    this.#bytes[this.#length++] = COMMA;
    return this;
  }

  /**
   * A number as JSON.stringify prints it: the shortest text that reads back as the same double,
   * null when not finite. Whole numbers and dollars with at most two decimals (most numbers here)
   * are written digit by digit from the integer cents, with no string made; anything else takes
   * `String`.
   */
  number(value: number): this {
    if (Number.isInteger(value) && value < MAX_DIGIT_LOOP && value > -MAX_DIGIT_LOOP) return this.#whole(value);
    if (!Number.isFinite(value)) return this.raw('null');
    const cents = Math.round(value * 100);
    // Below 10^13 dollars two decimals always read back exactly and nothing shorter does.
    if (cents / 100 === value && cents < MAX_DIGIT_LOOP && cents > -MAX_DIGIT_LOOP) return this.#cents(cents);
    return this.raw(String(value));
  }

  /** A whole number: −0 → 0, as JSON.stringify. */
  #whole(value: number): this {
    this.#reserve(20);
    if (value < 0) this.#bytes[this.#length++] = MINUS;
    this.#digits(Math.abs(value));
    return this;
  }

  /** `cents / 100` written as JSON.stringify would: 1250 → 12.5, 1205 → 12.05, 1200 → 12. */
  #cents(cents: number): this {
    this.#reserve(20);
    const bytes = this.#bytes;
    if (cents < 0) bytes[this.#length++] = MINUS;
    const magnitude = Math.abs(cents);
    const whole = Math.floor(magnitude / 100);
    const fraction = magnitude - whole * 100;
    this.#digits(whole);
    if (fraction !== 0) {
      bytes[this.#length++] = DOT;
      bytes[this.#length++] = ZERO + Math.floor(fraction / 10);
      if (fraction % 10 !== 0) bytes[this.#length++] = ZERO + (fraction % 10);
    }
    return this;
  }

  #digits(whole: number): void {
    const bytes = this.#bytes;
    let divisor = 1;
    while (divisor * 10 <= whole) divisor *= 10;
    for (; divisor >= 1; divisor /= 10) {
      const digit = Math.floor(whole / divisor) % 10;
      bytes[this.#length++] = ZERO + digit;
    }
  }

  /** The bytes written so far, as a view that is valid until the next write (for hashing). Starts the next text. */
  view(): Buffer {
    const view = this.#bytes.subarray(0, this.#length);
    this.#length = 0;
    return view;
  }

  /** The bytes written so far, copied into a Buffer of their own (to answer with). Starts the next text. */
  take(): Buffer<ArrayBuffer> {
    const taken = Buffer.allocUnsafeSlow(this.#length);
    this.#bytes.copy(taken, 0, 0, this.#length);
    this.#length = 0;
    return taken;
  }
}
