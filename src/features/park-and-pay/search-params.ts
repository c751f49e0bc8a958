/**
 * Query parameters of the park-and-pay routes (spec 3 §2 named routes); bad values become "not
 * given". The router writes strings plain (src/lib/search-serialization.ts), so an all-digit value
 * — a lot code, a plate such as "1234", a 6-digit ticket number — reads back as a number: every
 * text parameter accepts a number and turns it back into the same text.
 */
import * as v from 'valibot';

const optionalText = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))), undefined);

export const welcomeSearchSchema = v.object({
  location: optionalText,
  auto: v.fallback(v.optional(v.union([v.boolean(), v.string()])), undefined),
});
export const isAutoFlag = (value: boolean | string | undefined): boolean => value === true || value === 'true';

/** `show=pass` opens the exit pass at once (the home page's "Your car at … · Show Exit Pass"). */
export const sessionSearchSchema = v.object({ licensePlate: optionalText, show: v.fallback(v.optional(v.literal('pass')), undefined) });
export const plateScreenSearchSchema = v.object({ ticketNumber: optionalText, backTo: optionalText, licensePlate: optionalText });
export const convertSearchSchema = v.object({
  ticketNumber: optionalText,
  vehicleId: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer(), v.minValue(1))), undefined),
});
export const signInSearchSchema = v.object({ redirect: optionalText });
