// The real server as `npm start` starts it on an empty DATA_DIR, its store exactly as it makes it: what a new
// user meets (issue 46). The compatibility suite (tests/compat/) starts its servers here.
import { startDashboardServer, type DashboardServer } from './dashboard-server.ts';

/**
 * The browser walks' harness clears the seeded regions' boundaries on every server it starts, which hid that
 * a fresh store files Shillong's panics outside the default view: `seeded` asks it to leave the store alone.
 * Once the harness no longer clears them, this is `startDashboardServer(env)`.
 */
export function startFreshInstall(env: Record<string, string> = {}): Promise<DashboardServer> {
  return startDashboardServer(env, { boundaries: 'seeded' });
}
