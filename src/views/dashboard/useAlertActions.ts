// What an alert's Acknowledge and Resolve may do now, for the table's rows and the phone's cards alike: a
// write on its way holds both; a role that may not act is not offered them at all (issue 10).
import type { Incident } from '../../api/entities.ts';
import { mayAcknowledge, mayResolve } from '../../domain/incident-status.ts';
import { writeId } from '../../machines/dashboard/context.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { useMay } from '../session-actor.ts';

export function useAlertActions({ id, status }: Pick<Incident, 'id' | 'status'>) {
  const dashboard = DashboardActor.useActorRef();
  const busy = DashboardActor.useSelector((s) => s.children[writeId(id)] !== undefined);
  return {
    busy,
    offerAcknowledge: useMay('acknowledge'),
    offerResolve: useMay('resolve'),
    canAcknowledge: !busy && mayAcknowledge(status),
    canResolve: !busy && mayResolve(status),
    acknowledge: () => dashboard.send({ type: 'incident.acknowledge', id }),
    resolve: () => dashboard.send({ type: 'incident.resolve', id }),
  };
}
