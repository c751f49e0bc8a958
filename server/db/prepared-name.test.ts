import { describe, expect, it } from 'vitest';
import { MAX_PREPARED_STATEMENTS, preparedName, statementNamer } from './client.ts';

describe('preparedName: which PostgreSQL statements are prepared (decision 0124)', () => {
  it('names a parameterised statement with listed columns, the same name for the same text', () => {
    const sql = 'select payment_id, status from payments where owner_uid = $1';
    const name = preparedName(sql, ['u1']);
    expect(name).toMatch(/^pf_[A-Za-z0-9_-]{27}$/);
    expect(preparedName(sql, ['u2'])).toBe(name);
    expect(preparedName(`${sql} `, ['u1'])).not.toBe(name);
  });

  it('leaves statements without parameters unprepared', () => {
    expect(preparedName('select 1', [])).toBeUndefined();
  });

  it.each([
    'select * from payments where owner_uid = $1',
    'select distinct * from payments where owner_uid = $1',
    'update payments set status = $2 where payment_id = $1 returning *',
    'select d.* from daily_reservations d where d.owner_uid = $1',
    'select 1 as one, * from payments where owner_uid = $1',
  ])('leaves a result list that * expands unprepared: %s', (sql) => {
    expect(preparedName(sql, [1])).toBeUndefined();
  });

  it('counts (*) as a listed column', () => {
    expect(preparedName('select count(*)::int as n from payments where owner_uid = $1', ['u1'])).toBeDefined();
  });
});

describe('statementNamer: a pool prepares a bounded number of texts', () => {
  it(`prepares at most ${MAX_PREPARED_STATEMENTS} texts, then sends new ones unprepared; those named before keep their names`, () => {
    const namer = statementNamer();
    const first = namer('select payment_id, status from payments where owner_uid = $1', ['u1']);
    expect(first).toBeDefined();
    const names = Array.from({ length: MAX_PREPARED_STATEMENTS + 20 }, (_, i) => namer(`select ${i} as n where $1::int > 0`, [1]));
    expect(names.filter(Boolean)).toHaveLength(MAX_PREPARED_STATEMENTS - 1);
    expect(names.at(-1)).toBeUndefined();
    expect(namer('select payment_id, status from payments where owner_uid = $1', ['u2'])).toBe(first);
  });

  it('each pool counts its own texts', () => {
    const full = statementNamer(1);
    expect(full('select a from t where b = $1', [1])).toBeDefined();
    expect(full('select c from t where b = $1', [1])).toBeUndefined();
    expect(statementNamer(1)('select c from t where b = $1', [1])).toBeDefined();
  });
});
