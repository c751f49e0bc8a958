/** What every service's sub-app is built from: injected so tests can use their own database and clock. */
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { TokenVerifier } from './lib/auth.ts';

export type Deps = {
  db: Db;
  config: Config;
  verifyToken: TokenVerifier;
  /** The current instant; tests pin it so time-based rules are repeatable. */
  now: () => Date;
};
