import { describe, expect, it } from 'vitest';
import { linkOriginFor, parseConfig, unsafeStartReason } from './config.ts';

const reasonFor = (env: NodeJS.ProcessEnv) => unsafeStartReason(parseConfig(env));

describe('unsafeStartReason', () => {
  it('lets the development defaults and a production setup without the emulator start', () => {
    expect(reasonFor({})).toBeUndefined();
    expect(reasonFor({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toBeUndefined();
    expect(reasonFor({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099', HOST: '::1' })).toBeUndefined();
    expect(reasonFor({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://parkfair.example', HOST: '0.0.0.0' })).toBeUndefined();
  });
  it('refuses the emulator in production, off loopback, or behind a server listening beyond loopback, in one line', () => {
    for (const env of [
      { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://parkfair.example', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      { FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.5:9099' },
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' },
    ]) {
      const reason = reasonFor(env);
      expect(reason).toMatch(/^Refusing to start: .*emulator/);
      expect(reason).not.toContain('\n');
    }
  });
  it('refuses production without PUBLIC_ORIGIN', () => {
    expect(reasonFor({ NODE_ENV: 'production' })).toBe('Refusing to start: NODE_ENV=production needs PUBLIC_ORIGIN (the origin of links in emails, e.g. https://parkfair.example).');
  });
});

describe('linkOriginFor', () => {
  it('is PUBLIC_ORIGIN (its origin only) or the loopback server on PORT', () => {
    expect(linkOriginFor(parseConfig({ PUBLIC_ORIGIN: 'https://parkfair.example/x?y' }))).toBe('https://parkfair.example');
    expect(linkOriginFor(parseConfig({ PORT: '8190' }))).toBe('http://127.0.0.1:8190');
  });
  it('rejects a PUBLIC_ORIGIN that is not an http(s) URL and a TRUST_PROXY that is not a hop count', () => {
    expect(() => parseConfig({ PUBLIC_ORIGIN: 'javascript:alert(1)' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
  });
});

describe('plateWarmUp', () => {
  it('loads the plate models at start unless PLATE_WARMUP=off', () => {
    expect(parseConfig({}).plateWarmUp).toBe(true);
    expect(parseConfig({ PLATE_WARMUP: 'off' }).plateWarmUp).toBe(false);
  });
});

describe('logFormat', () => {
  it('is JSON in production and readable otherwise, unless LOG_FORMAT says which', () => {
    expect(parseConfig({}).logFormat).toBe('pretty');
    expect(parseConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(parseConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(parseConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => parseConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty/);
  });
});
