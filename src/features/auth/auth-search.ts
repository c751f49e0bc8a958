/** Query parameters of the sign-in pages; bad values fall back to "not given" (STYLE.md habit 4; src/lib/search-params.ts). */
import { flagParam, oneOfParam, stringParam } from '../../lib/search-params';

type Search = Record<string, unknown>;

export const parseSignInSearch = (search: Search): { redirect?: string; mode?: 'email' | 'phone'; expired?: boolean | string } => ({
  redirect: stringParam(search['redirect']),
  mode: oneOfParam(search['mode'], ['email', 'phone']),
  expired: flagParam(search['expired']),
});

export const parseLegacySignInSearch = (search: Search): { redirect?: string; newPassword?: boolean | string } => ({ redirect: stringParam(search['redirect']), newPassword: flagParam(search['newPassword']) });

export const parseUserManagementSearch = (search: Search): { mode?: string; oobCode?: string } => ({ mode: stringParam(search['mode']), oobCode: stringParam(search['oobCode']) });

/** "expired=true", "newPassword" present with any value but "false". */
export function isFlagSet(value: boolean | string | undefined): boolean {
  return value !== undefined && value !== false && value !== 'false';
}
