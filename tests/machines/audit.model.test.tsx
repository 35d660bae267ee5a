// Model-based: every transition of the Audit view's data (issue 10), replayed on the view: the pages and
// the chain's verdict answered by the test, "Older", "Filter" and "Refresh" clicked as a supervisor would.
// In every state the view must show what the statechart says.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AuditEntry } from '../../src/api/audit.ts';
import { ApiError, type AuditPage } from '../../src/api/client.ts';
import { auditMachine } from '../../src/machines/auditMachine.ts';
import { AuditView } from '../../src/views/audit/AuditView.tsx';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { InEnglish } from '../views/support/in-english.tsx';
import { settle } from '../views/support/render-dashboard.tsx';
import { replayWalk, type Performers } from './support/replay-walk.ts';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';

const REFUSED = 'Your role (operator) may not read the audit trail: it needs supervisor.';
const BROKEN = 'The audit trail is broken at entry 2: its hash does not match its content.';
const FILTER = { actor: 'dana', action: 'incident.acknowledge' };

const entry = (seq: number): AuditEntry => ({
  seq,
  at: '2025-03-01T10:00:00.000Z',
  actor: 'dana',
  role: 'supervisor',
  address: '10.0.0.7',
  action: 'incident.acknowledge',
  target: `INC-${seq}`,
  detail: {},
  prevHash: null,
  hash: `hash-${seq}`,
});

type ModelSnapshot = ReturnType<typeof auditMachine.getInitialSnapshot>;

/** The page after what is shown: a full one with more behind it, or the last one. */
function nextPages(snapshot: ModelSnapshot) {
  const appending = snapshot.matches({ trail: 'loadingOlder' });
  const last = appending ? (snapshot.context.entries.at(-1)?.seq ?? 100) : 100;
  const page = (output: AuditPage) => ({ type: 'xstate.done.actor.page' as const, output });
  return [
    page({ entries: [entry(last - 1), entry(last - 2)], nextBefore: last - 2 }),
    page({ entries: [entry(last - 1)], nextBefore: null }),
  ];
}

const idle = fromPromise(() => new Promise<never>(() => {}));
const model = auditMachine.provide({ actors: { loadPage: idle, verify: idle } as never });
const walks = transitionWalks(model, {
  samples: {
    'xstate.done.actor.page': nextPages,
    'xstate.error.actor.page': [{ type: 'xstate.error.actor.page', error: new ApiError(REFUSED, REFUSED, 403) }],
    'xstate.done.actor.verify': [
      { type: 'xstate.done.actor.verify', output: { intact: true, length: 3, error: undefined } },
      { type: 'xstate.done.actor.verify', output: { intact: false, length: 3, error: BROKEN } },
    ],
    'xstate.error.actor.verify': [{ type: 'xstate.error.actor.verify', error: new ApiError(REFUSED, REFUSED, 403) }],
    'audit.filter': [{ type: 'audit.filter', ...FILTER }],
  } as never,
});
console.log(`audit model: ${walks.length} walks cover every state and transition`);

type Path = (typeof walks)[number];
type Snapshot = Path['state'];
type Step = Path['steps'][number];

function expectViewShows(snapshot: Snapshot) {
  const { entries, loadError, verdict, verifyError } = snapshot.context;
  const loading = snapshot.matches({ trail: 'loading' });
  expect(screen.queryByLabelText('Loading the audit trail') !== null, 'skeleton').toBe(loading);
  const table = screen.queryByRole('table', { name: 'Audit trail' });
  const targets = table
    ? within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[5]!.textContent)
    : [];
  expect(targets).toEqual(loading ? [] : entries.map((e) => e.target));
  const older = screen.queryByRole('button', { name: /^(Older|Loading older…)$/ }) as HTMLButtonElement | null;
  expect(older !== null, 'Older offered').toBe(
    snapshot.matches({ trail: 'more' }) || snapshot.matches({ trail: 'loadingOlder' }),
  );
  if (older) expect(older.disabled).toBe(snapshot.matches({ trail: 'loadingOlder' }));
  expect(screen.queryByRole('alert')?.textContent).toBe(loadError);
  const chain = screen.getByRole('status', { name: 'Audit chain' }).textContent;
  if (snapshot.matches({ chain: 'checking' })) expect(chain).toBe('Checking the chain…');
  if (snapshot.matches({ chain: 'intact' })) expect(chain).toBe(`Chain intact: ${verdict!.length} entries`);
  if (snapshot.matches({ chain: 'broken' })) expect(chain).toBe(verdict!.error);
  if (snapshot.matches({ chain: 'unknown' })) expect(chain).toBe(verifyError);
}

const outputOf = (event: Step['event']) => (event as unknown as { output: unknown }).output;
const errorOf = (event: Step['event']) => (event as unknown as { error: Error }).error;

describe('the Audit view', () => {
  afterEach(cleanup);

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const pages = new DeferredActor<{ filter: typeof FILTER; before?: number }>();
      const verify = new DeferredActor<void>();
      const logic = auditMachine.provide({ actors: { loadPage: pages.logic, verify: verify.logic } as never });
      render(
        <FluentProvider theme={webLightTheme}>
          <InEnglish>
            <AuditView logic={logic} />
          </InEnglish>
        </FluentProvider>,
      );
      await settle();
      const user = userEvent.setup();
      expectViewShows(
        model.resolveState({
          value: { trail: 'loading', chain: 'checking' },
          context: model.getInitialSnapshot({} as never).context,
        }),
      );

      const perform: Performers<Step> = {
        'xstate.done.actor.page': ({ event }) => pages.succeed(outputOf(event)),
        'xstate.error.actor.page': ({ event }) => pages.fail(errorOf(event)),
        'xstate.done.actor.verify': ({ event }) => verify.succeed(outputOf(event)),
        'xstate.error.actor.verify': ({ event }) => verify.fail(errorOf(event)),
        'audit.older': async () => {
          const shownLast = Number(
            screen
              .getAllByRole('row')
              .at(-1)!
              .textContent!.match(/INC-(\d+)/)![1],
          );
          await user.click(screen.getByRole('button', { name: 'Older' }));
          expect(pages.calls.at(-1)!.before).toBe(shownLast);
        },
        'audit.filter': async () => {
          for (const [label, value] of [
            ['Actor', FILTER.actor],
            ['Action', FILTER.action],
          ] as const) {
            await user.clear(screen.getByLabelText(label));
            await user.type(screen.getByLabelText(label), value);
          }
          await user.click(screen.getByRole('button', { name: 'Filter' }));
          expect(pages.calls.at(-1)).toEqual({ filter: FILTER });
        },
        'audit.refresh': () => user.click(screen.getByRole('button', { name: 'Refresh' })),
      };
      await replayWalk(path.steps, perform, expectViewShows);
    },
    WALK_TIMEOUT_MS,
  );
});
