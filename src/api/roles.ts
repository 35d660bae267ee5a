// Operator roles (issue 10): one rule, read by the server's guard and by the dashboard's controls.
import { z } from 'zod';

/** Each role may do everything the roles before it may. */
export const ROLES = ['viewer', 'operator', 'supervisor', 'admin'] as const;
export const Role = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
export type Role = z.infer<typeof Role>;

export function roleAtLeast(role: Role | null | undefined, needed: Role): boolean {
  return role != null && ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** What each role adds, in the words an operator reads in a 403. */
export const ROLE_GRANTS: Record<Role, string> = {
  viewer: 'read and watch the live stream',
  operator: 'acknowledge, resolve, send test alerts and export',
  supervisor: 'edit geofences, issue DIDs for tourists and read the audit trail',
  admin: 'manage accounts',
};
