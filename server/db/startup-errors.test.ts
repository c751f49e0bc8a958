import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockPgliteDir } from './pglite-lock.ts';
import { explainPgliteFailure, explainPostgresFailure, StartupError } from './startup-errors.ts';

const URL_WITH_PASSWORD = 'postgres://parkfair:s3cret@db.example:5432/parkfair';
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('explainPostgresFailure', () => {
  it.each([
    ['ECONNREFUSED', /Cannot connect to PostgreSQL at db\.example:5432 \(connection refused\): start the server, or fix the host and port in DATABASE_URL\./],
    ['ENOTFOUND', /no such host name\): fix the host in DATABASE_URL/],
    ['ETIMEDOUT', /Cannot reach PostgreSQL at db\.example:5432 \(ETIMEDOUT\)/],
    ['28P01', /refused the password of user "parkfair": fix the user name or password in DATABASE_URL/],
    ['28000', /refused user "parkfair" \(x\): fix the user in DATABASE_URL/],
    ['3D000', /The database "parkfair" does not exist on PostgreSQL at db\.example:5432: create it \(createdb parkfair\)/],
    ['53100', /disk of PostgreSQL at db\.example:5432 is full/],
  ])('%s: one line saying what to do, without the password', (code, pattern) => {
    const explained = explainPostgresFailure(withCode(code), URL_WITH_PASSWORD);
    expect(explained).toBeInstanceOf(StartupError);
    expect(explained?.message).toMatch(pattern);
    expect(explained?.message).not.toContain('s3cret');
    expect(explained?.message).not.toContain('\n');
  });
  it('leaves an error it does not know to the caller, and says how to write a URL it cannot read', () => {
    expect(explainPostgresFailure(withCode('XX000'), URL_WITH_PASSWORD)).toBeUndefined();
    expect(explainPostgresFailure(new Error('x'), 'not a url')?.message).toMatch(/DATABASE_URL is not a valid URL/);
  });
});

describe('explainPgliteFailure', () => {
  it('reads Emscripten errno 51 (what PGlite throws on a full disk) and host codes', async () => {
    expect((await explainPgliteFailure(Object.assign(new Error(''), { errno: 51 }), '/data'))?.message).toMatch(/^The disk holding DATA_DIR \(\/data\) is full/);
    expect((await explainPgliteFailure(withCode('EROFS'), '/data'))?.message).toMatch(/read-only file system/);
    expect((await explainPgliteFailure(withCode('EACCES'), '/data'))?.message).toMatch(/not writable by this user/);
  });
});

describe('lockPgliteDir', () => {
  it('refuses while the holder lives, takes over a lock whose process is gone, and releases its own', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pf-lock-'));
    try {
      await writeFile(path.join(dir, 'pgdata.lock'), `${process.ppid}\n`);
      await expect(lockPgliteDir(dir)).rejects.toThrow(new RegExp(`in use by another process \\(pid ${process.ppid}\\)`));
      // No process has pid 2^22 + 1 (above Linux's pid_max default): a crashed holder's lock.
      await writeFile(path.join(dir, 'pgdata.lock'), `${2 ** 22 + 1}\n`);
      const release = await lockPgliteDir(dir);
      expect(await readFile(path.join(dir, 'pgdata.lock'), 'utf8')).toBe(`${process.pid}\n`);
      await release();
      await expect(readFile(path.join(dir, 'pgdata.lock'))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
