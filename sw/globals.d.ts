// Injected by Vite's `define` (vite.config.ts), which vite-plugin-pwa also applies to the worker build.
declare const __APP_BUILD_ID__: string;
