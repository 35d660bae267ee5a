// What each operator act needs (issue 29): one table, read by the server's routes (their contracts'
// `role`) and by the dashboard's controls (`useMay`), so a button is offered exactly when its route allows it.
import type { Role } from './roles.ts';

/** The least role of each act; the roles above it may do it too (`roleAtLeast`). */
export const LEAST_ROLE = {
  acknowledge: 'operator',
  resolve: 'operator',
  addNote: 'operator',
  assign: 'operator',
  testAlert: 'operator',
  exportCsv: 'operator',
  seedGeofence: 'supervisor',
  editZone: 'supervisor',
  deleteZone: 'supervisor',
  importZones: 'supervisor',
  issueDidForTourist: 'supervisor',
  bindDid: 'supervisor',
  audit: 'supervisor',
  manageAccounts: 'admin',
  manageRegions: 'admin',
  pauseWatch: 'operator',
  editWatchSettings: 'admin',
  manageWebhooks: 'admin',
  dispatch: 'operator',
  // Issue 34: whoever may read incidents may open the tourist's profile (each read audited); what leaves or
  // erases a person's data is the admin's.
  viewTouristProfile: 'viewer',
  exportTouristData: 'admin',
  eraseTourist: 'admin',
  // Issue 47: a copy of the whole store, keys and all (npm run backup).
  backup: 'admin',
} as const satisfies Record<string, Role>;

export type OperatorAct = keyof typeof LEAST_ROLE;
