import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The dev server proxies the API to a backend started with `npm start` (PORT 8080 by default).
const apiPaths = [
  '/incidents', '/panic-alert', '/panic-alerts', '/soft-alert', '/geofences', '/safety-score', '/safety-credit',
  '/did', '/gps', '/regions', '/db-mode', '/events', '/tourists', '/devices', '/openapi.json',
  '/auth', '/audit', '/app-config.json', '/sync', '/api', '/tracks',
];
// deck.gl's geo-layers (the replay's TripsLayer) stay with the replay's own chunk: the dashboard's map never needs them.
const MAP_LIBRARIES = /node_modules[\\/](?!@luma\.gl[\\/]webgpu|@deck\.gl[\\/]geo-layers)(@deck\.gl|@luma\.gl|@math\.gl|@loaders\.gl|@probe\.gl|maplibre-gl)[\\/]/;
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) }] },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      output: {
        // The map's libraries in one chunk: luma.gl imports its WebGL device on demand, and a chunk the
        // map fetched only then failed while the server was restarting. WebGPU stays apart: never used.
        // Vite's preload helper would otherwise land in that chunk and pull it into the first paint.
        codeSplitting: {
          groups: [
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 2 },
            { name: 'map-libraries', test: MAP_LIBRARIES, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: backend, changeOrigin: false }])) },
});
