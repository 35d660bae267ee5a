import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

/**
 * The dev server proxies the API to a backend started with `npm start` (PORT 8080 by default): the first
 * segment of every route the server's modules declare (read without starting one).
 */
async function apiPaths(): Promise<string[]> {
  // Through tsx, at run time: bundled into the config, the server's modules would cost every build a second.
  const { tsImport } = await import('tsx/esm/api');
  const routes: typeof import('./server/http/declared-routes.ts') = await tsImport(
    './server/http/declared-routes.ts',
    import.meta.url,
  );
  return routes.firstPathSegments(await routes.declaredRoutes());
}
// deck.gl's geo-layers (the replay's TripsLayer) stay with the replay's own chunk: the dashboard's map never needs them.
const MAP_LIBRARIES =
  /node_modules[\\/](?!@luma\.gl[\\/]webgpu|@deck\.gl[\\/]geo-layers)(@deck\.gl|@luma\.gl|@math\.gl|@loaders\.gl|@probe\.gl|maplibre-gl)[\\/]/;
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(async ({ command }) => ({
  plugins: [
    react(),
    // Installable app (issue 35): a manifest and our own service worker (src/sw/service-worker.ts), registered
    // by src/browser/app-update.ts; no inline script, so the CSP stays strict.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: {
        name: 'Panic Alerts Dashboard',
        short_name: 'Panic Alerts',
        description: 'The live console of a tourist-safety control room',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#1f1f1f',
        theme_color: '#d13438',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // The map's libraries are one chunk of several MB: the shell must hold it to open the map offline.
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      },
    }),
  ],
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
  // A build has no proxy: it need not read the server's routes.
  server:
    command === 'serve'
      ? { proxy: Object.fromEntries((await apiPaths()).map((p) => [p, { target: backend, changeOrigin: false }])) }
      : {},
}));
