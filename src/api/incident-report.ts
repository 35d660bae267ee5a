// The incident report (issue 34 point 6): everything the print-ready page shows of one incident, in one
// read that the server audits as a read of the tourist's data.
import { z } from 'zod';
import { Incident } from './entities.ts';
import { RiskLevel } from './fields.ts';
import { Dispatch } from './responders.ts';
import { TimelineEntry } from './responses.ts';

/** The most trail points a report carries (the newest of its window). */
export const REPORT_TRAIL_LIMIT = 2000;
/** The trail starts this long before the incident was received. */
export const REPORT_TRAIL_BEFORE_MS = 2 * 3_600_000;

export const IncidentReport = z.object({
  incident: Incident,
  /** null: the region was deleted since. */
  region: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }).nullable(),
  zone: z.object({ id: z.string(), name: z.string(), riskLevel: RiskLevel }).nullable(),
  /** null: no tourist was named; `name` null when none was registered. */
  tourist: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  timeline: z.array(TimelineEntry),
  dispatches: z.array(Dispatch),
  /** The tourist's (else device's) positions from two hours before receipt to resolution (or now), oldest first. */
  trail: z.array(z.object({ latitude: z.number(), longitude: z.number(), at: z.string() })),
  /** Who read the report and when: printed in its footer. */
  generatedBy: z.string(),
  generatedAt: z.string(),
});
export type IncidentReport = z.infer<typeof IncidentReport>;

export const IncidentReportResponse = IncidentReport.extend({ ok: z.literal(true) });
