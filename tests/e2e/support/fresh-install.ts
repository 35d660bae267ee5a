// The real server as `npm start` starts it on an empty DATA_DIR, its store exactly as it makes it: what a new
// user meets (issue 46). The compatibility suite (tests/compat/) starts its servers here.
import { startDashboardServer, type DashboardServer } from './dashboard-server.ts';

type StartWithOptions = (env: Record<string, string>, options: { boundaries?: 'seeded' }) => Promise<DashboardServer>;

/**
 * The browser walks' harness used to clear the seeded regions' boundaries on every server it started, which
 * hid that a fresh store filed Shillong's panics outside the default view. Where it still does, `seeded`
 * asks it not to; where it no longer does, the option is gone and this extra argument is ignored.
 */
export function startFreshInstall(env: Record<string, string> = {}): Promise<DashboardServer> {
  return (startDashboardServer as StartWithOptions)(env, { boundaries: 'seeded' });
}
