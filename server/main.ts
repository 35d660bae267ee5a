import { startServer } from './start/start-server.ts';
import { buildDashboard, dashboardBuildIsStale, distDir } from './build-dashboard.ts';
import { configFromEnv } from './config.ts';
import { monotonicMs } from './domain/server-clock.ts';

// DATA_DIR holds tourists' movements: nothing this process creates may be readable by other local users.
process.umask(0o077);

const demo = process.argv.includes('--demo');
// The demo's panics are in Shillong and Guwahati: its dashboard opens on every region, so they show at once.
const config = { ...configFromEnv(), ...(demo && { startRegionId: 'all' }) };
const startedAt = monotonicMs();

const server = await startServer(config, { port: config.port, host: config.host }).catch((error: Error) => {
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
});
const address = server.url;
server.app.log.info(
  `Panic Alerts Dashboard on ${address} (storage: ${server.ctx.db.mode}) answering ${Math.round(monotonicMs() - startedAt)} ms after start`,
);

// The API and stream answer at once; the dashboard page shows "being built" until vite is done.
if (config.serveDashboard && dashboardBuildIsStale(distDir)) {
  const buildStarted = monotonicMs();
  server.app.log.info('Building the dashboard…');
  buildDashboard()
    .then(() =>
      server.app.log.info(`Dashboard built in ${Math.round(monotonicMs() - buildStarted)} ms: open ${address}/`),
    )
    .catch((error: Error) => server.app.log.error(error.message));
}

let stopDemo: (() => Promise<void>) | undefined;
if (demo) {
  const { startSimulator } = await import('./simulate/simulator.ts');
  stopDemo = startSimulator({ baseUrl: address, log: (line) => server.app.log.info(line) }).stop;
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.app.log.info(`${signal}: draining streams and closing the store`);
  await stopDemo?.();
  await server.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
