// Paths that together take every transition of a machine once: the shortest way to each state,
// then one more step for each event that state handles. Paths that are prefixes of others are dropped.
import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  initialTransition,
  transition,
  type AnyStateMachine,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';

type Snapshot<M extends AnyStateMachine> = SnapshotFrom<M>;
type Event<M extends AnyStateMachine> = EventFromLogic<M>;

/** Delays and actor results are transitions too, taken by events the machine raises itself. */
type StepEvent<M extends AnyStateMachine> = Event<M> | { type: `xstate.${string}` };

export interface ModelPath<M extends AnyStateMachine> {
  state: Snapshot<M>;
  steps: { event: StepEvent<M>; state: Snapshot<M> }[];
  weight: number;
}

export interface PathOptions<M extends AnyStateMachine> {
  /**
   * Concrete events for event types that carry data (or a function of the state they are sent in, e.g. the
   * next page after the entries shown); other handled types are sent bare.
   */
  samples?: Partial<Record<string, Event<M>[] | ((snapshot: Snapshot<M>) => Event<M>[])>>;
  input?: unknown;
  /** What tells two states apart (by default their value only, for machines whose context grows). */
  serializeState?: (snapshot: Snapshot<M>) => string;
}

/** Every event type the state's nodes handle (delays and actor results included), as concrete events. */
function eventsFor<M extends AnyStateMachine>(samples: PathOptions<M>['samples'] = {}) {
  return (snapshot: Snapshot<M>) =>
    __unsafe_getAllOwnEventDescriptors(snapshot)
      .filter((type) => type !== '*')
      .flatMap((type) => {
        const sample = samples[type];
        return typeof sample === 'function' ? sample(snapshot) : (sample ?? [{ type } as Event<M>]);
      });
}

/** States are told apart by their value only, so a machine whose context grows stays finite. */
export const byValue = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

export function transitionCoverPaths<M extends AnyStateMachine>(
  machine: M,
  options: PathOptions<M> = {},
): ModelPath<M>[] {
  // Keys left undefined would replace the graph's defaults, so only the given ones are passed.
  const serialize = options.serializeState ?? byValue;
  const traversal = {
    serializeState: serialize,
    events: eventsFor<M>(options.samples),
    ...(options.input !== undefined && { input: options.input }),
  } as never;
  const shortest = getShortestPaths(machine, traversal) as unknown as ModelPath<M>[];
  const toState = new Map(shortest.map((path) => [serialize(path.state), path]));
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { transitions: Record<string, { event: Event<M>; state: Snapshot<M> }> }
  >;
  const paths: ModelPath<M>[] = [];
  const [initial] = Object.keys(adjacency);
  for (const [from, { transitions }] of Object.entries(adjacency)) {
    // The initial state is reached by no step at all.
    const head = from === initial ? { steps: [], weight: 0 } : withoutInit(toState.get(from));
    if (!head) throw new Error(`no path reaches ${from}`);
    for (const { event, state } of Object.values(transitions)) {
      paths.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
    }
  }
  const key = (path: ModelPath<M>) => path.steps.map((s) => JSON.stringify(s.event)).join('\n');
  const keys = paths.map(key);
  return paths
    .filter(
      (path, i) =>
        !keys.some((other, j) => (j !== i && other.startsWith(`${keys[i]}\n`)) || (other === keys[i] && j < i)),
    )
    .map((path) => replayed(machine, path, options.input));
}

/**
 * The states along a path as the machine really reaches them. The graph keeps one snapshot per serialized
 * state, and a last step taken from it may carry another path's context (when the serializer ignores some).
 */
function replayed<M extends AnyStateMachine>(machine: M, path: ModelPath<M>, input: unknown): ModelPath<M> {
  let [snapshot] = initialTransition(machine, input as never) as unknown as [Snapshot<M>];
  const steps = path.steps.map(({ event }) => {
    [snapshot] = transition(machine, snapshot, event as never) as unknown as [Snapshot<M>];
    return { event, state: snapshot };
  });
  return { ...path, steps, state: snapshot };
}

function withoutInit<P extends { steps: { event: { type: string } }[] }>(path: P | undefined): P | undefined {
  return path && { ...path, steps: path.steps.filter((step) => step.event.type !== 'xstate.init') };
}

export function describePath(path: { steps: { event: { type: string } }[] }): string {
  return path.steps
    .map((step) => ('status' in step.event ? `${step.event.type}(${String(step.event.status)})` : step.event.type))
    .join(' → ');
}
