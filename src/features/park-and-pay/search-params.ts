/**
 * Query parameters of the park-and-pay routes (spec 3 §2 named routes); bad values become "not
 * given". The router writes strings plain (src/lib/search-serialization.ts), so an all-digit value
 * — a lot code, a plate such as "1234", a 6-digit ticket number — reads back as a number: every
 * text parameter accepts a number and turns it back into the same text (src/lib/search-params.ts;
 * these run in the entry chunk, so no valibot).
 */
import { flagParam, oneOfParam, positiveIntegerParam, textParam } from '../../lib/search-params';

type Search = Record<string, unknown>;

export const parseWelcomeSearch = (search: Search): { location?: string; auto?: boolean | string } => ({ location: textParam(search['location']), auto: flagParam(search['auto']) });
export const isAutoFlag = (value: boolean | string | undefined): boolean => value === true || value === 'true';

/** `show=pass` opens the exit pass at once (the home page's "Your car at … · Show Exit Pass"). */
export const parseSessionSearch = (search: Search): { licensePlate?: string; show?: 'pass' } => ({ licensePlate: textParam(search['licensePlate']), show: oneOfParam(search['show'], ['pass']) });
export const parsePlateScreenSearch = (search: Search): { ticketNumber?: string; backTo?: string; licensePlate?: string } => ({
  ticketNumber: textParam(search['ticketNumber']),
  backTo: textParam(search['backTo']),
  licensePlate: textParam(search['licensePlate']),
});
export const parseConvertSearch = (search: Search): { ticketNumber?: string; vehicleId?: number } => ({ ticketNumber: textParam(search['ticketNumber']), vehicleId: positiveIntegerParam(search['vehicleId']) });
export const parseSignInSearch = (search: Search): { redirect?: string } => ({ redirect: textParam(search['redirect']) });
