// The real server as `npm start` starts it on an empty DATA_DIR, its store exactly as it makes it: what a new
// user meets (issue 46). The compatibility suite (tests/compat/) starts its servers here, never through a
// harness that would set the store up beyond what `npm start` does (the browser walks' harness used to clear
// the seeded boundaries, which hid that a fresh store filed Shillong's panics outside the default view).
import { startDashboardServer, type DashboardServer } from './dashboard-server.ts';

export function startFreshInstall(env: Record<string, string> = {}): Promise<DashboardServer> {
  return startDashboardServer(env);
}
