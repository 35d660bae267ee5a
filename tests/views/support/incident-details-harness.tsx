// The details drawer's content alone, with its requests answered by the test and what the dashboard's
// stream hands it delivered by the test: what the page shows for each state of the incident details statechart.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import { createActor, type Actor } from 'xstate';
import type { Incident } from '../../../src/api/entities.ts';
import { incidentDetailsMachine, type IncidentFeedEvent } from '../../../src/machines/incidentDetailsMachine.ts';
import { IncidentDetails } from '../../../src/views/incident/IncidentDetails.tsx';
import { DeferredActor } from './deferred-actor.ts';
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
  readonly loadDetails = new DeferredActor<{ id: string; regionId: string }>();
  readonly addNote = new DeferredActor<{ id: string; note: string }>();
  readonly assign = new DeferredActor<{ id: string; assignee: string | null }>();
  readonly acknowledge = new DeferredActor<{ id: string; note?: string }>();
  readonly resolve = new DeferredActor<{ id: string; note?: string }>();
  readonly feed = new FakeFeed(() => this.actor);
  readonly announced: Incident[] = [];
  actor: Actor<typeof incidentDetailsMachine> | undefined;

  readonly logic = incidentDetailsMachine.provide({
    actors: {
      loadDetails: this.loadDetails.logic,
      addNote: this.addNote.logic,
      assign: this.assign.logic,
      acknowledge: this.acknowledge.logic,
      resolve: this.resolve.logic,
    } as never,
    actions: { announceIncident: (_, { incident }) => void this.announced.push(incident) },
  });

  async render(incident: Incident, options: { user?: string; mayWrite?: boolean } = {}) {
    this.actor = createActor(this.logic, { input: { incident, user: options.user ?? 'dana' } }).start();
    render(
      <FluentProvider theme={webLightTheme}>
        <IncidentDetails details={this.actor} trail={[]} zone={undefined} mayWrite={options.mayWrite ?? true} />
      </FluentProvider>,
    );
    await settle();
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
