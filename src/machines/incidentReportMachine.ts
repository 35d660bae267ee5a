// The incident report page (issue 34 point 6): one read of the report, shown once it is there; a failed read
// shows the server's sentence and may be tried again.
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import { fetchIncidentReport } from '../api/incident-report-client.ts';
import type { IncidentReport } from '../api/incident-report.ts';

export const incidentReportMachine = setup({
  types: {
    context: {} as { incidentId: string; report: IncidentReport | undefined; error: string | undefined },
    input: {} as { incidentId: string },
    events: {} as { type: 'report.retry' },
  },
  actors: {
    loadReport: fromPromise(({ input }: { input: { incidentId: string } }) => fetchIncidentReport(input.incidentId)),
  },
}).createMachine({
  id: 'incidentReport',
  context: ({ input }) => ({ incidentId: input.incidentId, report: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadReport',
        input: ({ context }) => ({ incidentId: context.incidentId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ report: event.output, error: undefined })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: serverErrorOrMessage(event.error) })) },
      },
    },
    ready: {},
    failed: { on: { 'report.retry': 'loading' } },
  },
});
