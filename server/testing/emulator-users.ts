/**
 * Real signed-in callers for API tests: users created in the Firebase Auth emulator through its
 * REST API, with genuine ID tokens that the server's firebase-admin verifier accepts.
 * Requires the emulator (the test runners start it; FIREBASE_AUTH_EMULATOR_HOST says where).
 */
import { randomBytes } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { createFirebaseTokenVerifier, type TokenVerifier } from '../lib/auth.ts';
import { parseConfig } from '../config.ts';

export const EMULATOR_HOST = process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9099';
export const EMULATOR_PROJECT = 'demo-parkfair';
const IDENTITY = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

export type EmulatorUser = { uid: string; email: string; password: string; idToken: string };

export async function createEmulatorUser(overrides: { email?: string; password?: string; displayName?: string } = {}): Promise<EmulatorUser> {
  const email = overrides.email ?? `driver-${randomBytes(4).toString('hex')}@example.com`;
  const password = overrides.password ?? 'secret-123';
  const response = await fetch(`${IDENTITY}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, displayName: overrides.displayName, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`emulator signUp failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, email, password, idToken: body.idToken };
}

/** Signs the user in again (a new sign-in second, so a new `auth_time`): answers the new ID token. */
export async function signInAgain(user: EmulatorUser): Promise<string> {
  const response = await fetch(`${IDENTITY}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`emulator signInWithPassword failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** firebase-admin's Auth on the test emulator, for what staff tools do to accounts (claims, disabling, revoking). */
export function emulatorAdminAuth(): Auth {
  process.env['FIREBASE_AUTH_EMULATOR_HOST'] = EMULATOR_HOST;
  const name = `api-tests-${EMULATOR_HOST}`;
  return getAuth(getApps().find((app) => app.name === name) ?? initializeApp({ projectId: EMULATOR_PROJECT }, name));
}

/** The production verifier (firebase-admin), pointed at the emulator. */
export function emulatorTokenVerifier(): TokenVerifier {
  return createFirebaseTokenVerifier(parseConfig({ FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST, FIREBASE_PROJECT_ID: EMULATOR_PROJECT }));
}

/** The claims of an ID token (its middle part), as an attacker reads them off their own token. */
export function claimsOf(token: string): Record<string, unknown> & { auth_time: number; iat: number; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown> & { auth_time: number; iat: number; exp: number };
}

/** A token as the emulator writes one (`alg: none`, no signature) with the given claims: anyone can make one. */
export function unsignedToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** A token with a valid shape but a forged signature: must be refused. */
export function forgeToken(user: EmulatorUser): string {
  const [header, payload] = user.idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  claims['sub'] = 'someone-else';
  claims['user_id'] = 'someone-else';
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.forged`;
}
