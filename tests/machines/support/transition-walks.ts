// Walks on a statechart for its replay on the page: together they enter every state node, take every
// transition (each with every sample of its event) and reach every state the page tells apart, and they are
// few and short. A walk goes on from where it stands to the nearest thing not yet covered, so no prefix is
// replayed again; a new walk (a fresh page) starts only at `maxSteps` or where nothing new can be reached.
// `uncoveredBy` checks the walks against the statechart's own definition, so a transition they miss fails.
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  type AnyStateMachine,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';
import { byValue } from './transition-paths.ts';

type Snapshot<M extends AnyStateMachine> = SnapshotFrom<M>;
/** Delays and actor results are transitions too, taken by events the machine raises itself. */
type StepEvent<M extends AnyStateMachine> = EventFromLogic<M> | { type: `xstate.${string}` };

export interface ModelWalk<M extends AnyStateMachine> {
  /** The machine's input at the start of the walk, and the state it starts in. */
  input: unknown;
  start: Snapshot<M>;
  steps: { event: StepEvent<M>; state: Snapshot<M> }[];
  /** Where the walk ends. */
  state: Snapshot<M>;
}

export interface WalkOptions<M extends AnyStateMachine> {
  /**
   * Concrete events for event types that carry data (or a function of the state they are sent in, e.g. the
   * next page after the entries shown); other handled types are sent bare.
   */
  samples?: Partial<Record<string, EventFromLogic<M>[] | ((snapshot: Snapshot<M>) => EventFromLogic<M>[])>>;
  /** One input, or several starts (each a fresh page) whose walks are pooled. */
  inputs?: unknown[];
  /** What tells two states apart on the page (by default their value only, for machines whose context grows). */
  serializeState?: (snapshot: Snapshot<M>) => string;
  /** Steps after which a walk ends and the next starts afresh (one walk is one test). */
  maxSteps?: number;
  /** Cover everything again from each start, for a page that behaves apart after each (by default once in all). */
  coverEachStart?: boolean;
}

/** A walk's test timeout: up to `maxSteps` (24) steps on one page, on a loaded 2-core machine. */
export const WALK_TIMEOUT_MS = 60_000;

interface Taken<M extends AnyStateMachine> {
  state: Snapshot<M>;
  transitions: AnyTransition[];
  nodes: string[];
}
interface AnyTransition {
  source: { id: string; parent?: unknown };
  eventType: string;
  target?: readonly { id: string }[];
}
interface StateNodeLike {
  id: string;
  parent?: StateNodeLike;
  states: Record<string, StateNodeLike>;
  transitions: Map<string, AnyTransition[]>;
  always?: AnyTransition[];
}

/** Every state node and transition of the machine, by name. */
export function definitionOf(machine: AnyStateMachine) {
  const nodes: string[] = [];
  const transitions = new Map<AnyTransition, string>();
  const visit = (node: StateNodeLike) => {
    nodes.push(node.id);
    const groups = [...node.transitions.values(), node.always ?? []];
    for (const group of groups)
      group.forEach((t, i) => transitions.set(t, nameOf(t, group.length > 1 ? i : undefined)));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root as unknown as StateNodeLike);
  return { nodes, transitions };
}

function nameOf(t: AnyTransition, index: number | undefined) {
  const event = t.eventType === '' ? 'always' : t.eventType.replace(/^(xstate\.after\.\w+).*/, '$1');
  const to = t.target?.map((node) => node.id).join(', ') ?? '(stays)';
  return `${t.source.id}: ${event}${index === undefined ? '' : ` [${index}]`} → ${to}`;
}

/** Steps the machine as `transition()` does, and tells which transitions each step took. */
function stepperFor<M extends AnyStateMachine>(machine: M, input: unknown) {
  let taken: AnyTransition[] = [];
  let seen: Snapshot<M>[] = [];
  // The actor is never started: it lends its system (with this inspector) to the steps.
  const self = createActor(machine, { input } as never);
  self.system.inspect((event) => {
    if (event.type !== '@xstate.microstep') return;
    const microstep = event as unknown as { _transitions: AnyTransition[]; snapshot: Snapshot<M> };
    taken.push(...microstep._transitions);
    seen.push(microstep.snapshot);
  });
  const scope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: () => {},
  };
  const record = (run: () => Snapshot<M>): Taken<M> => {
    taken = [];
    seen = [];
    const state = run();
    const nodes = new Set<string>();
    for (const snapshot of [...seen, state]) for (const node of nodesOf(snapshot)) nodes.add(node);
    // A transient state (left by an eventless transition in the same step) is the source of that transition.
    for (let node = taken[0]?.source as StateNodeLike | undefined; node; node = node.parent) nodes.add(node.id);
    for (const t of taken)
      for (let node = t.source as StateNodeLike | undefined; node; node = node.parent) nodes.add(node.id);
    return { state, transitions: [...taken], nodes: [...nodes] };
  };
  return {
    init: (input: unknown) => record(() => machine.getInitialSnapshot(scope as never, input) as Snapshot<M>),
    step: (snapshot: Snapshot<M>, event: StepEvent<M>) =>
      record(() => machine.transition(snapshot, event as never, scope as never) as Snapshot<M>),
  };
}

const nodesOf = (snapshot: unknown) => ((snapshot as { _nodes: { id: string }[] })._nodes ?? []).map((node) => node.id);

/** The events the state handles (delays and actor results included), each with a label that names its sample. */
function labelledEvents<M extends AnyStateMachine>(samples: WalkOptions<M>['samples'] = {}) {
  return (snapshot: Snapshot<M>) =>
    __unsafe_getAllOwnEventDescriptors(snapshot)
      .filter((type: string) => type !== '*')
      .flatMap((type: string) => {
        const sample = samples[type];
        const events = typeof sample === 'function' ? sample(snapshot) : (sample ?? [{ type } as EventFromLogic<M>]);
        return events.map((event, i) => ({
          event: event as StepEvent<M>,
          label: events.length > 1 ? `${type} #${i}` : type,
        }));
      });
}

interface Edge {
  label: string;
  target: string;
  goals: string[];
}

export function transitionWalks<M extends AnyStateMachine>(machine: M, options: WalkOptions<M> = {}): ModelWalk<M>[] {
  const serialize = options.serializeState ?? byValue;
  const maxSteps = options.maxSteps ?? 24;
  const stepper = stepperFor(machine, options.inputs?.[0]);
  const eventsOf = labelledEvents<M>(options.samples);
  const { transitions: names } = definitionOf(machine);
  const goalsOf = (taken: Taken<M>, label?: string) => [
    `state ${serialize(taken.state)}`,
    ...taken.nodes.map((id) => `node ${id}`),
    ...taken.transitions.map((t) => `transition ${names.get(t)}${t.eventType === '' || !label ? '' : ` by ${label}`}`),
  ];

  // The states as the page tells them apart, each explored from the first snapshot that reached it.
  const graph = new Map<string, Edge[]>();
  const starts = (options.inputs ?? [undefined]).map((input) => ({ input, start: stepper.init(input) }));
  const queue = starts.map(({ start }) => start.state);
  for (const snapshot of queue) {
    const key = serialize(snapshot);
    if (graph.has(key)) continue;
    const edges = eventsOf(snapshot).map(({ event, label }) => {
      const next = stepper.step(snapshot, event);
      queue.push(next.state);
      return { label, target: serialize(next.state), goals: goalsOf(next, label) };
    });
    graph.set(key, edges);
  }

  const covered = new Set<string>();
  const isNew = (goals: string[]) => goals.some((goal) => !covered.has(goal));
  /** The shortest way from `from` to an edge that covers something new, as the edges to take. */
  const nearest = (from: string): Edge[] | undefined => {
    const via = new Map<string, Edge[]>([[from, []]]);
    for (const [key, path] of via) {
      for (const edge of graph.get(key) ?? []) {
        if (isNew(edge.goals)) return [...path, edge];
        if (!via.has(edge.target)) via.set(edge.target, [...path, edge]);
      }
    }
    return undefined;
  };

  const walks: ModelWalk<M>[] = [];
  for (const { input, start } of starts) {
    if (options.coverEachStart) covered.clear();
    for (;;) {
      // A start of its own (a state entered, a transition taken on the way in) is worth a walk, even an empty one.
      let progressed = isNew(goalsOf(start));
      goalsOf(start).forEach((goal) => covered.add(goal));
      let current = start.state;
      const steps: ModelWalk<M>['steps'] = [];
      for (let plan = nearest(serialize(current)); plan; plan = nearest(serialize(current))) {
        if (steps.length > 0 && steps.length + plan.length > maxSteps) break;
        const before = steps.length;
        // The plan was made on the snapshot that first reached each state; the real one may differ in what
        // the serializer ignores, so each step is taken on the real snapshot, and a step that leads elsewhere
        // ends the plan (a new one starts from where the walk stands).
        for (const edge of plan) {
          const event = eventsOf(current).find((candidate) => candidate.label === edge.label)?.event;
          if (!event) break;
          const next = stepper.step(current, event);
          const goals = goalsOf(next, edge.label);
          progressed ||= isNew(goals);
          goals.forEach((goal) => covered.add(goal));
          steps.push({ event, state: next.state });
          current = next.state;
          if (serialize(current) !== edge.target) break;
        }
        // A plan whose first event the real state does not offer would be made again: the walk ends there.
        if (steps.length === before || steps.length >= maxSteps) break;
      }
      if (!progressed) break;
      walks.push({ input, start: start.state, steps, state: current });
    }
  }
  return walks;
}

/**
 * The state nodes the walks never enter and the transitions they never take, replayed afresh (not taken from
 * the walks' own bookkeeping). `elsewhere` names those covered by another test, with the reason.
 */
export function uncoveredBy<M extends AnyStateMachine>(
  machine: M,
  walks: ModelWalk<M>[],
  elsewhere: Record<string, string> = {},
) {
  const stepper = stepperFor(machine, walks[0]?.input);
  const { nodes, transitions } = definitionOf(machine);
  const entered = new Set<string>();
  const taken = new Set<AnyTransition>();
  const note = ({ nodes: ids, transitions: ts }: Taken<M>) => {
    ids.forEach((id) => entered.add(id));
    ts.forEach((t) => taken.add(t));
  };
  for (const walk of walks) {
    let { state } = stepper.init(walk.input);
    note(stepper.init(walk.input));
    for (const { event } of walk.steps) {
      const next = stepper.step(state, event);
      note(next);
      state = next.state;
    }
  }
  return [
    ...nodes.filter((id) => !entered.has(id)).map((id) => `state ${id}`),
    ...[...transitions].filter(([t]) => !taken.has(t)).map(([, name]) => `transition ${name}`),
  ].filter((name) => !(name in elsewhere));
}

/** The walk's events in order; `label` names those whose data matters. */
export function describeWalk<E extends { type: string }>(
  walk: { steps: { event: E }[] },
  label: (event: E) => string = (e) => e.type,
): string {
  return (
    walk.steps.map((step) => label(step.event).replace(/^(xstate\.after\.\w+).*/, '$1')).join(' → ') || '(nothing)'
  );
}
