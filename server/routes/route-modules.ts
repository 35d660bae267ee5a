// The app's route modules, in the order it declares them: server/app.ts registers them on the real app, and
// server/http/declared-routes.ts reads their routes without a store (the dev proxy in vite.config.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { accountRoutes } from './accounts.ts';
import { alertsRoutes } from './alerts.ts';
import { auditRoutes } from './audit.ts';
import { backupRoutes } from './backup.ts';
import { authRoutes } from './auth.ts';
import { bandPanicRoutes } from './band-panic.ts';
import { deviceSyncRoutes } from './device-sync.ts';
import { didRoutes } from './did.ts';
import { didBindingRoutes } from './did-bindings.ts';
import { eventsRoutes } from './events.ts';
import { exportRoutes } from './export.ts';
import { geofencesRoutes } from './geofences.ts';
import { gpsRoutes } from './gps.ts';
import { incidentHistoryRoutes } from './incident-history.ts';
import { incidentsRoutes } from './incidents.ts';
import { metaRoutes } from './meta.ts';
import { oidcRoutes } from './oidc.ts';
import { openApiRoutes } from './openapi.ts';
import { peopleRoutes } from './people.ts';
import { positionsRoutes } from './positions.ts';
import { touristProfileRoutes } from './tourist-profile.ts';
import { regionsRoutes } from './regions.ts';
import { incidentReportRoutes } from './incident-report.ts';
import { respondersRoutes } from './responders.ts';
import { scoresRoutes } from './scores.ts';
import { streamRoutes } from './stream.ts';
import { testAlertRoutes } from './test-alert.ts';
import { trackRoutes } from './tracks.ts';
import { watchRoutes } from './watch.ts';
import { webhooksRoutes } from './webhooks.ts';
import { pushRoutes } from './push.ts';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

export const ROUTE_MODULES: RouteModule[] = [
  metaRoutes,
  incidentsRoutes,
  incidentHistoryRoutes,
  alertsRoutes,
  geofencesRoutes,
  gpsRoutes,
  eventsRoutes,
  scoresRoutes,
  didRoutes,
  didBindingRoutes,
  peopleRoutes,
  exportRoutes,
  streamRoutes,
  positionsRoutes,
  deviceSyncRoutes,
  bandPanicRoutes,
  auditRoutes,
  authRoutes,
  accountRoutes,
  oidcRoutes,
  testAlertRoutes,
  regionsRoutes,
  respondersRoutes,
  watchRoutes,
  webhooksRoutes,
  pushRoutes,
  touristProfileRoutes,
  incidentReportRoutes,
  trackRoutes,
  backupRoutes,
  // Last: /openapi.json documents the contracts declared before it.
  openApiRoutes,
];
