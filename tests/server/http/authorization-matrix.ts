import type { Role } from '../../../src/api/roles.ts';

/**
 * Who may call each route when sign-in is required: `public`, `device` and `open` routes anyone (phones
 * carry no operator session); `own-data` a viewer, or a phone with its device token (reading its own
 * tourist's data); every other route the least role named. The matrix test fails for a served route
 * without a row here, so a new route cannot ship without a decision.
 */
export type Rule = 'public' | 'device' | 'open' | 'own-data' | Role;

export const AUTHORIZATION_MATRIX: Record<string, Rule> = {
  'OPTIONS *': 'public',
  'GET /healthz': 'public',
  'GET /openapi.json': 'public',
  'GET /auth/settings': 'public',
  'POST /auth/login': 'public',
  'POST /auth/logout': 'public',
  'GET /auth/oidc/start': 'public',
  'GET /auth/oidc/callback': 'public',
  // Public to the guard, but it answers 401 to nobody: it is how the dashboard learns it must sign in.
  'GET /auth/me': 'viewer',

  'POST /panic-alert': 'device',
  'POST /api/panic': 'device',
  'POST /soft-alert': 'device',
  'POST /gps/update': 'device',
  'POST /gps/batch': 'device',
  'POST /events': 'device',
  'POST /events/ble': 'device',
  'POST /sync/offline': 'device',
  'POST /tourists/register': 'device',
  'POST /devices/pair': 'device',
  'POST /did/issue': 'device',
  'POST /did/verify': 'device',

  // Phones read these across origins (issue 30): no personal data in them.
  'GET /regions': 'open',
  'GET /geofences': 'open',
  'GET /safety-score': 'open',
  'GET /safety-credit': 'open',
  'GET /panic-alerts': 'own-data',

  'GET /db-mode': 'viewer',
  'GET /app-config.json': 'viewer',
  'GET /incidents': 'viewer',
  'GET /incidents/filter': 'viewer',
  'GET /incidents/:id/timeline': 'viewer',
  'GET /panic-alerts/stream': 'viewer',
  // Issue 48: the positions of a map's area, each opening audited as a read of whereabouts.
  'GET /positions/stream': 'viewer',
  'GET /gps/last': 'viewer',
  'GET /gps/history': 'viewer',
  'GET /tourists/:id/track': 'viewer',
  'GET /tracks': 'viewer',
  'GET /events': 'viewer',
  'GET /did/anchors': 'viewer',
  'GET /did/chain': 'viewer',
  // Issue 34: the profile is read like an incident (audited); its export and erasure are an admin's.
  'GET /tourists/:id': 'viewer',
  'GET /tourists/:id/export': 'admin',
  'DELETE /tourists/:id': 'admin',

  'POST /incidents/acknowledge': 'operator',
  'POST /incidents/resolve': 'operator',
  'GET /tourists/:id/watch-pause': 'operator',
  'POST /tourists/:id/watch-pause': 'operator',
  'DELETE /tourists/:id/watch-pause': 'operator',
  'POST /incidents/test-alert': 'operator',
  'POST /incidents/notes': 'operator',
  'POST /incidents/assign': 'operator',
  'GET /incidents/export': 'operator',
  'POST /incidents/dispatches': 'operator',
  'POST /incidents/dispatches/:dispatchId/status': 'operator',
  'GET /regions/:id/units': 'viewer',
  'GET /incidents/:id/nearest-units': 'viewer',
  // A read of the tourist's name and whereabouts: audited (incident.report), as the CSV export is.
  'GET /incidents/:id/report': 'viewer',

  'POST /geofences': 'supervisor',
  'PUT /geofences/:id': 'supervisor',
  'DELETE /geofences/:id': 'supervisor',
  'POST /geofences/import': 'supervisor',
  'POST /did/lookup': 'supervisor',
  'POST /did/bind': 'supervisor',
  'POST /did/unbind': 'supervisor',
  'POST /regions': 'admin',
  'PUT /regions/:id': 'admin',
  'POST /regions/:id/units': 'admin',
  'PUT /responders/units/:id': 'admin',
  'DELETE /responders/units/:id': 'admin',
  'GET /webhooks': 'admin',
  'POST /webhooks': 'admin',
  'PATCH /webhooks/:id': 'admin',
  'DELETE /webhooks/:id': 'admin',
  'POST /webhooks/:id/test': 'admin',
  'GET /webhooks/deliveries': 'admin',
  'POST /webhooks/deliveries/:id/send-again': 'admin',
  'GET /push/key': 'viewer',
  'GET /push/subscriptions': 'viewer',
  'POST /push/subscriptions': 'viewer',
  'DELETE /push/subscriptions': 'viewer',
  'GET /audit': 'supervisor',
  'GET /audit/verify': 'supervisor',

  'GET /auth/users': 'admin',
  'POST /auth/users': 'admin',
  'PATCH /auth/users/:username': 'admin',
  'POST /auth/users/:username/reset-password': 'admin',
  'POST /auth/users/:username/sign-out': 'admin',
  // Every signed-in operator, for their own account (the only route open while a temporary password is due).
  'POST /auth/password': 'viewer',
  'GET /regions/:id/watch': 'admin',
  'PUT /regions/:id/watch': 'admin',
  // Issue 47: the whole store, keys included (npm run backup).
  'POST /backup': 'admin',
};
