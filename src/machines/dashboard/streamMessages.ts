// What one live-stream message does to the dashboard (SPEC §7): a GPS ping goes to the front of the
// pings and onto its trail; an alert, a snapshot or an incident update means the incidents shown may be
// out of date (a silent reload follows); an incident update also moves that row's status forward.
import type { Alert } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import type { StreamMessage } from '../../api/stream.ts';
import { mergeStatuses } from '../incidentFilters.ts';
import type { DashboardContext } from './context.ts';
import { appendToHistory, mergePing } from './gpsPings.ts';

/** The alert ids kept for the table; the oldest are forgotten first. */
export const MAX_REMEMBERED_ALERTS = 500;

type StreamState = Pick<DashboardContext, 'pings' | 'history' | 'statuses' | 'alertIds'>;

interface StreamOutcome {
  /** The context fields the message changes (none for a message the dashboard does not show). */
  changes: Partial<StreamState>;
  /** An incident whose row's lifecycle must hear the status the backend reported. */
  statusReport?: { id: string; status: IncidentStatus };
  /** The incidents shown may be out of date. */
  incidentsChanged: boolean;
}

export function applyStreamMessage(context: StreamState, message: StreamMessage): StreamOutcome {
  switch (message.type) {
    case 'gps':
      return {
        changes: { pings: mergePing(context.pings, message.ping), history: appendToHistory(context.history, message.ping) },
        incidentsChanged: false,
      };
    case 'incident_update': {
      const { id, status } = message.incident;
      return {
        changes: { statuses: mergeStatuses(context.statuses, { [id]: status }) },
        statusReport: { id, status },
        incidentsChanged: true,
      };
    }
    case 'alert':
    case 'snapshot': {
      const alerts = message.type === 'alert' ? [message.alert] : message.alerts;
      return { changes: { alertIds: rememberAlertIds(context.alertIds, alerts) }, incidentsChanged: true };
    }
    case 'geofence_alert':
    case 'incident_note':
      return { changes: {}, incidentsChanged: false };
  }
}

function rememberAlertIds(known: Record<string, string>, alerts: readonly Alert[]): Record<string, string> {
  const merged = { ...known, ...Object.fromEntries(alerts.map((alert) => [alert.incidentId, alert.id])) };
  const entries = Object.entries(merged);
  return entries.length > MAX_REMEMBERED_ALERTS ? Object.fromEntries(entries.slice(-MAX_REMEMBERED_ALERTS)) : merged;
}
