// The details drawer's content alone, with its requests answered by the test and what the dashboard's
// stream hands it delivered by the test: what the page shows for each state of the incident details statechart.
// The harness stands in for the dashboard's record of the incident: a write's answer goes there, and the
// test may change it as the stream, a bulk action or a reload would.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, render, screen, within } from '@testing-library/react';
import { createActor, type Actor } from 'xstate';
import type { Incident } from '../../../src/api/entities.ts';
import { incidentDetailsMachine } from '../../../src/machines/incidentDetailsMachine.ts';
import type { IncidentFeedEvent } from '../../../src/machines/incidentDetailsSetup.ts';
import { respondersMachine } from '../../../src/machines/respondersMachine.ts';
import { touristWatchMachine } from '../../../src/machines/touristWatchMachine.ts';
import { IncidentDetails } from '../../../src/views/incident/IncidentDetails.tsx';
import { DeferredActor } from './deferred-actor.ts';
import { InEnglish } from './in-english.tsx';
import { settle } from './render-dashboard.tsx';

/** What the dashboard hands the open drawer from the page's one stream: the test delivers it. */
export class FakeFeed {
  constructor(private readonly deliverTo: () => Actor<typeof incidentDetailsMachine> | undefined) {}

  send(event: IncidentFeedEvent) {
    const actor = this.deliverTo();
    if (!actor) throw new Error(`the drawer is not open: cannot deliver ${event.type}`);
    actor.send(event);
  }
}

export class DetailsHarness {
  readonly loadTimeline = new DeferredActor<{ id: string }>();
  readonly loadContacts = new DeferredActor<{ regionId: string }>();
  readonly addNote = new DeferredActor<{ id: string; note: string }>();
  readonly assign = new DeferredActor<{ id: string; assignee: string | null }>();
  readonly acknowledge = new DeferredActor<{ id: string; note?: string }>();
  readonly resolve = new DeferredActor<{ id: string; note?: string }>();
  /** The tourist's watch (the drawer's `watch` child, for an operator): its read, pause and resume. */
  readonly readPause = new DeferredActor<{ touristId: string }>();
  readonly pause = new DeferredActor<{ touristId: string; until: string; reason: string }>();
  readonly resume = new DeferredActor<{ touristId: string }>();
  /** The Responders section's read (the drawer's `responders` child), never answered unless a test does. */
  readonly loadResponders = new DeferredActor<{ incidentId: string }>();
  readonly feed = new FakeFeed(() => this.actor);
  readonly announced: Incident[] = [];
  actor: Actor<typeof incidentDetailsMachine> | undefined;
  /** The dashboard's record of the incident, as the drawer reads it. */
  record: Incident | undefined;
  private rerender: ((record: Incident) => void) | undefined;

  readonly logic = incidentDetailsMachine.provide({
    actors: {
      loadTimeline: this.loadTimeline.logic,
      loadContacts: this.loadContacts.logic,
      addNote: this.addNote.logic,
      assign: this.assign.logic,
      acknowledge: this.acknowledge.logic,
      resolve: this.resolve.logic,
      responders: respondersMachine.provide({ actors: { loadResponders: this.loadResponders.logic } as never }),
      touristWatch: touristWatchMachine.provide({
        actors: { readPause: this.readPause.logic, pause: this.pause.logic, resume: this.resume.logic } as never,
      }),
    } as never,
    actions: {
      announceIncident: (_, { incident }) => {
        this.announced.push(incident);
        this.show(incident);
      },
    },
  });

  async render(incident: Incident, options: { user?: string; mayWrite?: boolean; mayPause?: boolean } = {}) {
    this.actor = createActor(this.logic, {
      input: { incident, user: options.user ?? 'dana', mayPause: options.mayPause },
    }).start();
    this.record = incident;
    const page = (record: Incident) => (
      <FluentProvider theme={webLightTheme}>
        <InEnglish>
          <IncidentDetails
            details={this.actor!}
            incident={record}
            trail={[]}
            zone={undefined}
            mayWrite={options.mayWrite ?? true}
          />
        </InEnglish>
      </FluentProvider>
    );
    const { rerender } = render(page(incident));
    this.rerender = (record) => rerender(page(record));
    await settle();
  }

  /** The dashboard's record changes (a write's answer, the stream, a bulk action, a reload): the drawer shows it. */
  show(record: Incident) {
    this.record = record;
    const rerender = this.rerender;
    if (rerender) queueMicrotask(() => act(() => rerender(record)));
  }

  stop() {
    this.actor?.stop();
  }
}

/** The value shown beside a fact's term ("Status", "Assigned to"). */
export function factValue(term: string): string | null {
  const dt = screen.getAllByRole('term').find((candidate) => candidate.textContent === term);
  return dt?.nextElementSibling?.textContent ?? null;
}

/** The timeline's sentences, oldest first. */
export const timelineSentences = (): string[] =>
  within(screen.getByRole('region', { name: 'Timeline' }))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent ?? '');
