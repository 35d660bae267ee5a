// The incident report's one read (issue 34 point 6; the server audits it). Same rules as client.ts.
import { parsed } from './client.ts';
import { IncidentReportResponse, type IncidentReport } from './incident-report.ts';

export const fetchIncidentReport = (id: string): Promise<IncidentReport> =>
  parsed(IncidentReportResponse, `/incidents/${encodeURIComponent(id)}/report`);
