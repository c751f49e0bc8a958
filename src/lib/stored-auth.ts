/**
 * The stored auth item `pf-auth` (src/lib/session-store.ts says what it means), read without the
 * session store: the entry answers "is a driver signed in on this device?" from it before the
 * store has loaded (src/lib/lazy-session.ts).
 */
export type StoredAuth = { uid: string; signinTime: number; displayName: string | null; email: string | null; isExpired: boolean };

export function parseStoredAuth(raw: string | null): StoredAuth | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'uid' in value && 'signinTime' in value && typeof value.uid === 'string' && typeof value.signinTime === 'number') {
      const text = (field: unknown) => (typeof field === 'string' ? field : null);
      return {
        uid: value.uid,
        signinTime: value.signinTime,
        displayName: text('displayName' in value ? value.displayName : null),
        email: text('email' in value ? value.email : null),
        isExpired: 'isExpired' in value && value.isExpired === true,
      };
    }
  } catch {
    // A corrupt item is treated as absent.
  }
  return null;
}

/** The profile of a stored sign-in that is not expired, for the header before Firebase has reported. */
export function storedProfile(raw: string | null): Pick<StoredAuth, 'displayName' | 'email'> | null {
  const stored = parseStoredAuth(raw);
  return stored && !stored.isExpired ? { displayName: stored.displayName, email: stored.email } : null;
}
