// The panic bar's Show (and a notification's click): what must change for the incident's row to be in
// the table. Its region is selected, and the time window, status filter and search that hide it are cleared.
import type { PanicSummary } from '../openPanics.ts';
import type { DashboardContext, DashboardEvent } from './context.ts';

type Filters = Pick<DashboardContext, 'regionId' | 'windowMinutes' | 'statusFilter' | 'search'>;

/** The events that clear what hides `panic` (an open incident), in the order the operator would. */
export function eventsToShow(filters: Filters, panic: PanicSummary, now = Date.now()): DashboardEvent[] {
  const events: DashboardEvent[] = [];
  if (filters.regionId !== 'all' && filters.regionId !== panic.regionId) {
    events.push({ type: 'region.select', regionId: panic.regionId });
  }
  const receivedAt = Date.parse(panic.createdAt);
  if (filters.windowMinutes > 0 && receivedAt < now - filters.windowMinutes * 60_000) {
    events.push({ type: 'window.select', minutes: 0 });
  }
  if (filters.statusFilter !== 'all' && filters.statusFilter !== 'open') {
    events.push({ type: 'filter.status', status: 'all' });
  }
  // The table's search reads id, region, risk and status; the risk is not known here, so a search
  // that names none of the others is cleared.
  const needle = filters.search.trim().toLowerCase();
  if (needle && ![panic.id, panic.regionId, 'open'].some((field) => field.toLowerCase().includes(needle))) {
    events.push({ type: 'filter.search', text: '' });
  }
  return events;
}
