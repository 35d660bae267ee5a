import { exportUrl } from '../../api/client.ts';
import { currentFilter } from '../../domain/incident-scope.ts';
import { DashboardActor } from '../dashboard-actor.ts';

/** Opens the CSV download for the current region and window in a new tab. */
export function useExportCsv(): () => void {
  const actor = DashboardActor.useActorRef();
  return () => {
    globalThis.open(exportUrl(currentFilter(actor.getSnapshot().context)), '_blank', 'noopener');
  };
}
