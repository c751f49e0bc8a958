// Injected by Vite's `define` (vite.config.ts), which vite-plugin-pwa also applies to the worker build.
declare const __APP_BUILD_ID__: string;
// src/lib/storage.ts reaches the worker's program through lib/offline-store (the claim outbox,
// sw/claims-sync.ts). A worker has no localStorage; storage.ts already treats it as possibly absent.
// eslint-disable-next-line no-var -- only `var` makes it a property of globalThis, as storage.ts reads it
declare var localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void; removeItem(key: string): void } | undefined;
// eslint-disable-next-line no-var -- as above: storage.ts reads the tab's storage the same way
declare var sessionStorage: typeof localStorage;
