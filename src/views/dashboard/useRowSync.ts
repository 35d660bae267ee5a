import { useCallback } from 'react';
import type { Incident } from '../../api/entities.ts';
import { DashboardActor } from '../dashboard-actor.ts';

/**
 * Tells the rows' lifecycles about incidents changed from elsewhere on the page (the drawer, bulk triage)
 * at once; the stream's update tells every other dashboard, and the reload after it this one's table.
 */
export function useRowSync(): (incidents: readonly Incident[]) => void {
  const dashboard = DashboardActor.useActorRef();
  return useCallback(
    (incidents) => {
      const refs = dashboard.getSnapshot().context.incidentRefs;
      for (const incident of incidents) refs[incident.id]?.send({ type: 'incident.sync', status: incident.status });
    },
    [dashboard],
  );
}
