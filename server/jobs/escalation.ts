// Escalation (issue 11): a panic left open and unacknowledged for ESCALATE_AFTER_S seconds after the server
// received it is escalated once, by the server, so every dashboard agrees on it (the stream carries it).
import type { Incident } from '../../src/api/entities.ts';
import type { AppContext } from '../context.ts';
import { appendAudit } from '../stores/audit.ts';
import { appendTimeline, SYSTEM_ACTOR } from '../stores/incident-timeline.ts';
import { escalateDueIncidents } from '../stores/incidents.ts';
import { enqueueWebhookEvents, incidentEvent } from '../webhooks/outbox.ts';
import { startPeriodicJob, type JobLogger, type PeriodicJob } from './periodic.ts';
import { serverClock } from '../domain/server-clock.ts';

/** Panics per transaction: each one is short, so the single embedded connection is never held for long. */
export const ESCALATION_BATCH = 100;
const MAX_CHECK_INTERVAL_MS = 5000;

/** Every 5 s, or twice per escalation period when that is shorter; 0 when escalation is off. */
export function escalationCheckMs(escalateAfterS: number): number {
  return Math.min(MAX_CHECK_INTERVAL_MS, escalateAfterS * 500);
}

/** Escalates every panic due at `now`; answers those this call escalated (another server's are not). */
export async function escalateDuePanics(
  ctx: AppContext,
  now = serverClock.now(),
  shouldStop: () => boolean = () => false,
): Promise<Incident[]> {
  const afterS = ctx.config.escalateAfterS;
  if (afterS <= 0) return [];
  const dueBefore = new Date(now.getTime() - afterS * 1000).toISOString();
  const escalated: Incident[] = [];
  for (;;) {
    // The change, its timeline entry, its audit entry, its stream message and its outbox rows commit together.
    const batch = await ctx.write(async (tx, emit) => {
      const at = serverClock.iso();
      const incidents = await escalateDueIncidents(tx, dueBefore, at, ESCALATION_BATCH);
      for (const incident of incidents) {
        const entry = await appendTimeline(tx, incident.id, {
          at,
          actor: SYSTEM_ACTOR,
          action: 'escalated',
          note: `Not acknowledged within ${afterS} s`,
        });
        const detail = { afterSeconds: afterS, receivedAt: incident.createdAt };
        await appendAudit(tx, {
          actor: SYSTEM_ACTOR,
          role: null,
          address: null,
          action: 'incident.escalate',
          target: incident.id,
          detail,
        });
        emit({ type: 'incident_update', incident, entry });
      }
      await enqueueWebhookEvents(
        tx,
        incidents.map((incident) => incidentEvent('incident.escalated', incident)),
      );
      return incidents;
    });
    escalated.push(...batch);
    if (batch.length < ESCALATION_BATCH || shouldStop()) return escalated;
  }
}

export type EscalationJob = PeriodicJob;

/** Checks every escalationCheckMs (nothing when ESCALATE_AFTER_S is 0). Never throws. */
export function startEscalationJob(ctx: AppContext, log: JobLogger): EscalationJob {
  const check = async (shouldStop: () => boolean) => {
    const escalated = await escalateDuePanics(ctx, serverClock.now(), shouldStop);
    if (escalated.length > 0)
      log.info({ incidents: escalated.map((incident) => incident.id) }, 'escalation: escalated unacknowledged panics');
  };
  return startPeriodicJob(
    check,
    escalationCheckMs(ctx.config.escalateAfterS),
    log,
    'escalation: check failed; the next check tries again',
  );
}
