// The watch's check (issue 32): every WATCH_CHECK_MS each server takes the last-seen rows that are due,
// locking them (`for update skip locked`: another server takes others, never the same), decides each with
// the pure rules, raises what is due and says when to look again, all in one transaction: a crash rolls it
// back whole, so a due check is neither lost nor done twice. Background priority: a panic never waits for it.
import type { Incident } from '../../src/api/entities.ts';
import { evaluateWatch } from '../../src/domain/watch-rules.ts';
import type { AppContext } from '../context.ts';
import { geofencesById } from '../stores/geofences.ts';
import { iso } from '../stores/time.ts';
import { lastSeenOf, lockDueRows, rescheduleRows, type CheckedRow } from '../stores/watch-last.ts';
import { announceWatchIncidents, insertWatchIncidents, watchIncident } from '../watch/raise-watch-incident.ts';
import { WatchConfig } from '../watch/watch-config.ts';
import { startPeriodicJob, type JobLogger, type PeriodicJob } from './periodic.ts';
import { serverClock } from '../domain/server-clock.ts';

/** Rows per transaction: short transactions, so PGlite's one connection is never held long. */
export const WATCH_BATCH = 500;

export interface WatchPass {
  checked: number;
  raised: Incident[];
}

/** Decides every row due at `now`; answers what this server checked and raised. */
export async function runWatchCheck(
  ctx: AppContext,
  now = serverClock.now(),
  shouldStop: () => boolean = () => false,
): Promise<WatchPass> {
  const pass: WatchPass = { checked: 0, raised: [] };
  for (;;) {
    const batch = await ctx.write(
      async (tx, emit) => {
        const rows = await lockDueRows(tx, now.toISOString(), WATCH_BATCH);
        if (rows.length === 0) return { checked: 0, raised: [] as Incident[] };
        const config = await WatchConfig.read(tx);
        const zoneIds = [...new Set(rows.flatMap((row) => row.zone_id ?? []))];
        const zones = new Map(
          (zoneIds.length > 0 ? await geofencesById(tx, zoneIds) : []).map((zone) => [zone.id, zone]),
        );
        const at = serverClock.iso();
        const findings: { incident: Incident; watchKey: string }[] = [];
        const checked: CheckedRow[] = [];
        for (const row of rows) {
          const seen = lastSeenOf(row);
          const settings = config.settingsFor(row.region_id, row.zone_id === null ? undefined : zones.get(row.zone_id));
          const timeZone = config.timeZoneOf(row.region_id);
          const pausedUntil = row.paused_until === null ? null : iso(row.paused_until);
          const verdict = evaluateWatch(seen, settings, timeZone, now, pausedUntil);
          for (const finding of verdict.due) {
            findings.push({ incident: watchIncident(row, finding, at), watchKey: row.ping_key });
            // Marked raised even when one of this tourist and rule is open already: no duplicate, no retry.
            if (finding.rule === 'silent') seen.silentRaisedFor = seen.seenAt;
            else seen.strandedRaisedFor = seen.stillSince;
          }
          const next =
            verdict.due.length > 0
              ? evaluateWatch(seen, settings, timeZone, now, pausedUntil).nextCheckAt
              : verdict.nextCheckAt;
          checked.push({
            pingKey: row.ping_key,
            silentRaisedFor: seen.silentRaisedFor,
            strandedRaisedFor: seen.strandedRaisedFor,
            dueAt: next,
          });
        }
        const raised = await insertWatchIncidents(tx, findings);
        await announceWatchIncidents(tx, emit, raised);
        await rescheduleRows(tx, checked);
        return { checked: rows.length, raised };
      },
      { priority: 'background' },
    );
    pass.checked += batch.checked;
    pass.raised.push(...batch.raised);
    if (batch.checked < WATCH_BATCH || shouldStop()) return pass;
  }
}

export type WatchJob = PeriodicJob;

/** Checks every WATCH_CHECK_MS (0: never). Never throws. */
export function startWatchJob(ctx: AppContext, log: JobLogger): WatchJob {
  const check = async (shouldStop: () => boolean) => {
    const { raised } = await runWatchCheck(ctx, serverClock.now(), shouldStop);
    if (raised.length > 0)
      log.info({ incidents: raised.map((incident) => incident.id) }, 'watch: raised silent or stranded tourists');
  };
  return startPeriodicJob(check, ctx.config.watchCheckMs, log, 'watch: check failed; the next check tries again');
}
