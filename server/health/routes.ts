import { Hono } from 'hono';
import type { Deps } from '../deps.ts';

export function createHealthApi({ db }: Deps) {
  return new Hono().get('/', async (c) => {
    const [row] = await db.query<{ locations: number }>('select count(*)::int as locations from locations');
    return c.json({ status: 'ok', database: db.kind, locations: row?.locations ?? 0 });
  });
}
