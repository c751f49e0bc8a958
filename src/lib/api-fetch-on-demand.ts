/**
 * `apiFetch` for the queries a first screen may start: announcement banners and the header's
 * monthly contracts (entry chunk), and the public pages' own data (home tiles, garages, content
 * pages, the welcome page's garage). The API client, valibot and the response's contract load
 * with the first call, not with the page: a server-rendered page has these answers in its HTML
 * and hydrates without calling at all (README "Keep code off the first screen").
 */
import type * as v from 'valibot';
import type { ApiRequest } from './create-api-client';

export type OnDemandRequest<Schema extends v.GenericSchema> = Omit<ApiRequest<Schema>, 'schema'> & {
  /** `() => import('../contract/…').then((contract) => contract.someSchema)` */
  loadSchema: () => Promise<Schema>;
};

export async function apiFetchOnDemand<Schema extends v.GenericSchema>(path: string, { loadSchema, ...request }: OnDemandRequest<Schema>): Promise<v.InferOutput<Schema>> {
  const [{ apiFetch }, schema] = await Promise.all([import('./api-client'), loadSchema()]);
  return apiFetch(path, { ...request, schema });
}
