/** The transition page's calls: the garage named by the URL's location number, and sending the transition (spec 3 §7). */
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { transitionReceiptSchema, type TransitionBody } from '../../contract/monthly-transition';
import { apiFetch } from '../../lib/api-client';
import { ApiError } from '../../lib/errors';

const garageSchema = v.object({ locationId: v.number(), locationNumber: v.string(), address1: v.string() });

/** The garage, or null when the number names none (the page then shows spec 3's invalid-URL message). */
export const transitionGarageQueryOptions = (locationNumber: string) =>
  queryOptions({
    queryKey: ['monthly-transition', 'garage', locationNumber],
    queryFn: async ({ signal }) => {
      if (!/^\d{1,6}$/.test(locationNumber)) return null;
      try {
        return await apiFetch(`/locations/api/locations/by-number/${locationNumber}`, { schema: garageSchema, signal });
      } catch (error: unknown) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    staleTime: 60 * 60_000,
  });

export const sendTransition = (body: TransitionBody) => apiFetch('/transitions/api/transitions', { method: 'POST', json: body, schema: transitionReceiptSchema });
