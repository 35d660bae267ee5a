import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API to a backend started with `npm start` (PORT 8080 by default).
const apiPaths = [
  '/incidents', '/panic-alert', '/panic-alerts', '/soft-alert', '/geofences', '/safety-score', '/safety-credit',
  '/did', '/gps', '/regions', '/db-mode', '/events', '/tourists', '/devices', '/openapi.json',
  '/auth', '/audit', '/app-config.json', '/sync', '/api',
];
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', chunkSizeWarningLimit: 4000 },
  server: { proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: backend, changeOrigin: false }])) },
});
