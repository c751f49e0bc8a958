/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** API prefixes the dev server forwards to the API process (same origin in production). */
const API_PREFIXES = [
  'locations', 'rates', 'search', 'content', 'accounts', 'payments', 'reservations', 'tickets',
  'promotions', 'reports', 'transitions', 'logs', 'claims', 'plates', 'parking-system', 'dev',
];

const THEME_COLOR = '#0b5c3b';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.ico', 'icons/*.png', 'icons/*.svg'],
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2,json}'],
        globIgnores: ['**/screenshots/**', '**/locations/**', 'mapdata/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'ParkFair — Parking in New York & New Jersey',
        short_name: 'ParkFair',
        description: 'Find, reserve and pay for parking at nearly 40 ParkFair garages in New York and New Jersey. Pay by plate and show your exit pass, even with no signal.',
        start_url: '/?source=pwa',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait-primary',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['travel', 'navigation', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/screenshots/narrow.png', sizes: '540x1170', type: 'image/png', form_factor: 'narrow', label: 'Find parking in New York and New Jersey' },
          { src: '/screenshots/wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Search garages and compare rates' },
        ],
        shortcuts: [
          { name: 'Pay by plate', short_name: 'Pay by plate', url: '/parkandpay/welcome?source=shortcut', icons: [{ src: '/icons/shortcut-plate.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'Digital tickets', short_name: 'Tickets', url: '/parkandpay/digital-tickets?source=shortcut', icons: [{ src: '/icons/shortcut-tickets.png', sizes: '96x96', type: 'image/png' }] },
          { name: 'Scan ticket', short_name: 'Scan', url: '/leavefast/scan?source=shortcut', icons: [{ src: '/icons/shortcut-scan.png', sizes: '96x96', type: 'image/png' }] },
        ],
      },
    }),
  ],
  define: {
    __APP_BUILD_ID__: JSON.stringify(process.env['APP_BUILD_ID'] ?? new Date().toISOString()),
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 1200 },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [`/${prefix}/api`, 'http://127.0.0.1:8080'])),
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'sw/**/*.test.ts'], exclude: ['**/*.api.test.ts', 'node_modules/**'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
