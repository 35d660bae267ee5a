// The details drawer's content alone, with its requests answered by the test and its live stream fed
// by the test: what the page shows for each state of the incident details statechart.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import { createActor, fromCallback, type Actor } from 'xstate';
import type { Incident } from '../../../src/api/entities.ts';
import type { IncidentFeedEvent } from '../../../src/browser/incident-feed.ts';
import { incidentDetailsMachine } from '../../../src/machines/incidentDetailsMachine.ts';
import { IncidentDetails } from '../../../src/views/incident/IncidentDetails.tsx';
import { DeferredActor } from './deferred-actor.ts';
import { settle } from './render-dashboard.tsx';

/** The feed's side the test holds: it delivers what the stream would. */
export class FakeFeed {
  opened: { id: string }[] = [];
  private sendBack: ((event: IncidentFeedEvent) => void) | undefined;

  readonly logic = fromCallback<IncidentFeedEvent, { id: string }>(({ input, sendBack }) => {
    this.opened.push(input);
    this.sendBack = sendBack;
    return () => {
      this.sendBack = undefined;
    };
  });

  send(event: IncidentFeedEvent) {
    if (!this.sendBack) throw new Error(`the feed is closed: cannot deliver ${event.type}`);
    this.sendBack(event);
  }
}

export class DetailsHarness {
  readonly loadDetails = new DeferredActor<{ id: string; regionId: string }>();
  readonly addNote = new DeferredActor<{ id: string; note: string }>();
  readonly assign = new DeferredActor<{ id: string; assignee: string | null }>();
  readonly acknowledge = new DeferredActor<{ id: string; note?: string }>();
  readonly resolve = new DeferredActor<{ id: string; note?: string }>();
  readonly feed = new FakeFeed();
  readonly announced: Incident[] = [];
  actor: Actor<typeof incidentDetailsMachine> | undefined;

  readonly logic = incidentDetailsMachine.provide({
    actors: {
      loadDetails: this.loadDetails.logic,
      addNote: this.addNote.logic,
      assign: this.assign.logic,
      acknowledge: this.acknowledge.logic,
      resolve: this.resolve.logic,
      feed: this.feed.logic,
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
