-- Band and phone events (issue 32): a fall, vitals out of bounds and a removed band are watch incidents too,
-- so high ones escalate like panics; the partial index follows the wider rule (src/domain/urgent-incidents.ts).
drop index if exists incidents_watch_escalation_due;
create index incidents_watch_escalation_due on incidents (created_at, id)
  where type in ('silent', 'stranded', 'fall', 'vitals', 'band_removed') and severity = 'high' and status = 'open' and escalated_at is null;
