// The panic bar's Show (and a notification's click): what must change for the incident's row to be in
// the table. Its region is selected, and the time window, status filter and search that hide it are cleared.
import type { StatusFilter } from './incident-filters.ts';
import type { PanicSummary } from './open-panics.ts';

export interface TableFilters {
  regionId: string;
  windowMinutes: number;
  statusFilter: StatusFilter;
  search: string;
}

/** The filters to change so that `panic` (an open incident) is shown; in the order the operator would. */
export function filtersToShow(filters: TableFilters, panic: PanicSummary, now = Date.now()): Partial<TableFilters> {
  const changes: Partial<TableFilters> = {};
  if (filters.regionId !== 'all' && filters.regionId !== panic.regionId) changes.regionId = panic.regionId;
  const receivedAt = Date.parse(panic.createdAt);
  if (filters.windowMinutes > 0 && receivedAt < now - filters.windowMinutes * 60_000) changes.windowMinutes = 0;
  if (filters.statusFilter !== 'all' && filters.statusFilter !== 'open') changes.statusFilter = 'all';
  // The table's search reads id, region, risk and status; the risk is not known here, so a search
  // that names none of the others is cleared.
  const needle = filters.search.trim().toLowerCase();
  if (needle && ![panic.id, panic.regionId, 'open'].some((field) => field.toLowerCase().includes(needle)))
    changes.search = '';
  return changes;
}
