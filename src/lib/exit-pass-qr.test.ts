import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderQrPath } from './qr-code';

/** A fresh copy of the module (empty memory) over a fake localStorage, as after a cold start. */
async function freshModule() {
  vi.resetModules();
  return import('./exit-pass-qr');
}

const TEXT = 'https://parkfair.example/app/PF7K2QX';

describe('exit pass QR kept on the device', () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is the matrix the app renders for the text, and is kept for the next start', async () => {
    const { exitPassQr, EXIT_PASS_QR_KEY } = await freshModule();
    expect(exitPassQr(TEXT)).toEqual(renderQrPath(TEXT));
    expect(JSON.parse(stored.get(EXIT_PASS_QR_KEY) ?? '[]')).toEqual([{ text: TEXT, qr: renderQrPath(TEXT) }]);
  });

  it('after a restart, reads the kept matrix of that exact text instead of rendering again', async () => {
    const { EXIT_PASS_QR_KEY } = await freshModule();
    const marker = { size: 21, path: 'M0 0h1v1h-1z' };
    stored.set(EXIT_PASS_QR_KEY, JSON.stringify([{ text: TEXT, qr: marker }]));
    const { exitPassQr } = await freshModule();
    expect(exitPassQr(TEXT)).toEqual(marker);
    expect(exitPassQr(`${TEXT}9`)).toEqual(renderQrPath(`${TEXT}9`));
  });

  it('renders again when the kept copy is unreadable, and keeps at most four passes', async () => {
    const { EXIT_PASS_QR_KEY } = await freshModule();
    stored.set(EXIT_PASS_QR_KEY, '{not json');
    const { exitPassQr } = await freshModule();
    expect(exitPassQr(TEXT)).toEqual(renderQrPath(TEXT));
    for (const suffix of ['1', '2', '3', '4', '5']) exitPassQr(`${TEXT}${suffix}`);
    const kept = JSON.parse(stored.get(EXIT_PASS_QR_KEY) ?? '[]') as { text: string }[];
    expect(kept.map((entry) => entry.text)).toEqual([`${TEXT}5`, `${TEXT}4`, `${TEXT}3`, `${TEXT}2`]);
  });
});
