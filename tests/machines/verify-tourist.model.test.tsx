// Model-based: every transition of "Verify tourist" (issue 30), replayed on the view: the lookups and acts
// answered by the test, the Digital ID pasted, Bind, Unbind, the confirmation's Bind/Unbind and Cancel
// clicked as a supervisor would. In every state the view must show what the statechart says.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { DidRecord } from '../../src/api/did-binding.ts';
import { verifyTouristMachine } from '../../src/machines/verifyTouristMachine.ts';
import { VerifyTouristView } from '../../src/views/verify/VerifyTouristView.tsx';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { InEnglish } from '../views/support/in-english.tsx';
import { settle } from '../views/support/render-dashboard.tsx';
import { replayWalk, type Performers } from './support/replay-walk.ts';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';
import { inEnglish } from '../../src/i18n/english.ts';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.token.signature';
const DID = 'did:local:5b7c';
const NOT_ISSUED = 'The DID token signature does not match: it was altered or signed by another key.';
const BOUND_ELSEWHERE =
  'Digital ID did:local:5b7c is bound to tourist Bina (tourist-2) since 2026-11-26T09:00:00.000Z by dana; unbind it before binding it to another tourist.';

const use = {
  didId: DID,
  touristId: 'tourist-1',
  touristName: 'Asha Das',
  registered: true,
  firstAt: '2026-11-26T08:00:00.000Z',
  lastAt: '2026-11-26T08:05:00.000Z',
  uses: 3,
};
const unboundRecord: DidRecord = {
  didId: DID,
  expiresAt: '2026-12-10T08:00:00.000Z',
  issuedFor: null,
  binding: null,
  usedWith: [use],
};
const boundRecord: DidRecord = {
  ...unboundRecord,
  binding: {
    didId: DID,
    touristId: 'tourist-1',
    touristName: 'Asha Das',
    boundBy: 'sumi',
    boundAt: '2026-11-26T08:10:00.000Z',
  },
};
const LABEL = 'Asha Das (tourist-1)';

type ModelSnapshot = ReturnType<typeof verifyTouristMachine.getInitialSnapshot>;
const hasUnbound = (s: ModelSnapshot) => s.context.records.some((record) => record.binding === null);
const hasBound = (s: ModelSnapshot) => s.context.records.some((record) => record.binding !== null);

const idle = fromPromise(() => new Promise<never>(() => {}));
const model = verifyTouristMachine.provide({ actors: { lookUp: idle, act: idle } as never });
const walks = transitionWalks(model, {
  samples: {
    'did.lookup': [{ type: 'did.lookup', text: TOKEN }],
    'xstate.done.actor.lookUp': [
      { type: 'xstate.done.actor.lookUp', output: [unboundRecord] },
      { type: 'xstate.done.actor.lookUp', output: [boundRecord] },
    ],
    'xstate.error.actor.lookUp': [
      { type: 'xstate.error.actor.lookUp', error: new ApiError(NOT_ISSUED, NOT_ISSUED, 400) },
    ],
    'did.bind': (s: ModelSnapshot) =>
      hasUnbound(s) ? [{ type: 'did.bind', didId: DID, touristId: 'tourist-1', touristLabel: LABEL }] : [],
    'did.unbind': (s: ModelSnapshot) =>
      hasBound(s) ? [{ type: 'did.unbind', didId: DID, touristId: 'tourist-1', touristLabel: LABEL }] : [],
    'xstate.done.actor.act': [{ type: 'xstate.done.actor.act', output: {} }],
    'xstate.error.actor.act': [
      { type: 'xstate.error.actor.act', error: new ApiError(BOUND_ELSEWHERE, BOUND_ELSEWHERE, 409) },
    ],
  } as never,
  serializeState: (s) =>
    `${JSON.stringify(s.value)} ${s.context.records.map((r) => (r.binding ? 'bound' : 'unbound')).join(',')} ${s.context.pending?.kind ?? ''}`,
});
console.log(`verify tourist model: ${walks.length} walks cover every state and transition`);

type Path = (typeof walks)[number];
type Snapshot = Path['state'];
type Step = Path['steps'][number];

function expectViewShows(snapshot: Snapshot) {
  const busy = snapshot.hasTag('busy');
  const lookUp = screen.getByRole('button', { name: /^(Look up|Looking up…)$/, hidden: true });
  expect(lookUp.textContent).toBe(busy ? 'Looking up…' : 'Look up');
  const alerts = screen.queryAllByRole('alert', { hidden: true }).map((alert) => alert.textContent);
  const expectedAlerts = [
    snapshot.matches('failed') ? snapshot.context.lookupError : undefined,
    snapshot.context.actError,
  ].filter(Boolean);
  expect(alerts).toEqual(expectedAlerts);
  const cards = screen.queryAllByRole('group', { name: /^Digital ID /, hidden: true });
  const recordsShown = !snapshot.matches('empty') && !snapshot.matches('failed');
  expect(cards.length).toBe(recordsShown ? snapshot.context.records.length : 0);
  for (const [i, card] of cards.entries()) {
    const record = snapshot.context.records[i];
    expect(within(card).queryByText(record.binding ? 'Bound' : 'Not bound', { exact: true })).not.toBeNull();
    expect(
      within(card).queryByRole('button', { name: `Bind to ${LABEL}`, hidden: true }) !== null,
      'Bind offered',
    ).toBe(record.binding === null);
    expect(within(card).queryByRole('button', { name: 'Unbind', hidden: true }) !== null, 'Unbind offered').toBe(
      record.binding !== null,
    );
  }
  const notice = screen.queryByText(/^(Bound|Unbound): the Digital ID/);
  expect(notice?.textContent).toBe(
    snapshot.context.notice && inEnglish(snapshot.context.notice.id, snapshot.context.notice.values),
  );
  // While the confirmation is open, Fluent hides the rest of the page from the accessibility tree.
  const dialog = screen.queryByRole('dialog', { hidden: true });
  expect(dialog !== null, 'confirmation shown').toBe(snapshot.matches('confirming'));
  if (dialog && snapshot.context.pending) {
    const verb = snapshot.context.pending.kind === 'bind' ? 'Bind to' : 'Unbind from';
    expect(within(dialog).getByText(`${verb} ${LABEL}?`)).toBeTruthy();
  }
}

/** Fluent's dialog leaves after its closing motion. */
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());

const outputOf = (event: Step['event']) => (event as unknown as { output: unknown }).output;
const errorOf = (event: Step['event']) => (event as unknown as { error: Error }).error;

describe('Verify tourist', () => {
  afterEach(cleanup);

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const lookUps = new DeferredActor<{ text: string }>();
      const acts = new DeferredActor<{ kind: string; didId: string; touristId: string }>();
      const logic = verifyTouristMachine.provide({ actors: { lookUp: lookUps.logic, act: acts.logic } as never });
      render(
        <InEnglish>
          <FluentProvider theme={webLightTheme}>
            <VerifyTouristView logic={logic} />
          </FluentProvider>
        </InEnglish>,
      );
      await settle();
      const user = userEvent.setup();
      expectViewShows(model.getInitialSnapshot({} as never));

      const perform: Performers<Step> = {
        'did.lookup': async () => {
          const field = screen.getByLabelText('Digital ID');
          await user.clear(field);
          await user.type(field, TOKEN);
          await user.click(screen.getByRole('button', { name: 'Look up' }));
          expect(lookUps.calls.at(-1)).toEqual({ text: TOKEN });
        },
        'xstate.done.actor.lookUp': ({ event }) => lookUps.succeed(outputOf(event)),
        'xstate.error.actor.lookUp': ({ event }) => lookUps.fail(errorOf(event)),
        'did.bind': () => user.click(screen.getByRole('button', { name: `Bind to ${LABEL}`, hidden: true })),
        'did.unbind': () => user.click(screen.getByRole('button', { name: 'Unbind', hidden: true })),
        'did.confirm': async () => {
          const kind = screen.getByRole('dialog', { hidden: true }).textContent!.includes('Unbind from')
            ? 'unbind'
            : 'bind';
          await user.click(
            within(screen.getByRole('dialog', { hidden: true })).getByRole('button', {
              name: kind === 'bind' ? 'Bind' : 'Unbind',
              hidden: true,
            }),
          );
          expect(acts.calls.at(-1)).toMatchObject({ kind, didId: DID, touristId: 'tourist-1' });
          await dialogClosed();
        },
        'did.cancel': async () => {
          await user.click(
            within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Cancel', hidden: true }),
          );
          await dialogClosed();
        },
        'xstate.done.actor.act': ({ event }) => acts.succeed(outputOf(event)),
        'xstate.error.actor.act': ({ event }) => acts.fail(errorOf(event)),
      };
      await replayWalk(path.steps, perform, expectViewShows);
    },
    WALK_TIMEOUT_MS,
  );
});
