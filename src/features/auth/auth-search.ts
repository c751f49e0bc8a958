/** Query parameters of the sign-in pages; bad values fall back to "not given" (STYLE.md habit 4). */
import * as v from 'valibot';

export const signInSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.string()), undefined),
  mode: v.fallback(v.optional(v.picklist(['email', 'phone'])), undefined),
  expired: v.fallback(v.optional(v.union([v.boolean(), v.string()])), undefined),
});

export const legacySignInSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.string()), undefined),
  newPassword: v.fallback(v.optional(v.union([v.boolean(), v.string()])), undefined),
});

export const userManagementSearchSchema = v.object({
  mode: v.fallback(v.optional(v.string()), undefined),
  oobCode: v.fallback(v.optional(v.string()), undefined),
});

/** "expired=true", "newPassword" present with any value but "false". */
export function isFlagSet(value: boolean | string | undefined): boolean {
  return value !== undefined && value !== false && value !== 'false';
}
