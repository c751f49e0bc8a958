/**
 * Setup file of the API suite: every test file starts with the environment the runner gave the
 * worker. The files of a worker share one process (decision 0121), and building an app with the
 * Auth emulator on another host sets FIREBASE_AUTH_EMULATOR_HOST for the whole process (that is
 * how firebase-admin is told): a server process a later file starts would inherit it.
 */
const key = Symbol.for('parkfair.api-test-env');
const holder = globalThis as typeof globalThis & { [key]?: Record<string, string | undefined> };
const original = (holder[key] ??= { ...process.env });

for (const name of Object.keys(process.env)) if (!(name in original)) delete process.env[name];
Object.assign(process.env, original);
