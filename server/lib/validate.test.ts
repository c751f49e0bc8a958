import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { findNulText, validate } from './validate.ts';

describe('findNulText', () => {
  it('finds U+0000 in any string or key, at any depth, and says where', () => {
    expect(findNulText({ a: 'ok', b: ['x', { c: 'a\u0000b' }] })).toBe('b.1.c');
    expect(findNulText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNulText('\u0000')).toBe('');
    expect(findNulText({ a: 'fine', b: 1, c: null })).toBeUndefined();
  });
});

describe('validate', () => {
  const app = new Hono().post('/', validate('json', v.object({ name: v.string() })), (c) => c.json(c.req.valid('json')));
  const post = (body: unknown) => app.request('/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('refuses NUL text before the schema, as 400 with where and why (PostgreSQL cannot store it)', async () => {
    const response = await post({ name: 'Dana\u0000' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Invalid request body: name: must not contain a NUL character (\\u0000)' });
  });
  it('passes clean input through and answers schema failures with the issues', async () => {
    expect(await (await post({ name: 'Dana' })).json()).toEqual({ name: 'Dana' });
    const bad = await post({ name: 5 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^Invalid request body: name: /);
  });
});
