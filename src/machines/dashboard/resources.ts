// The dashboard's side data (SPEC §7, §8): one row per resource, keyed by the context field that holds it.
// The context fields, the loader actors, their done/error events and their handlers all come from this
// table, so a new resource is one new row. Each is fetched by a child named like its row; its failure is
// silently ignored and what was shown stays. The status list is fetched beside them (STATUS_LIST), but its
// answer is written into the incidents' own records (incidents.ts), not kept apart.
import { fromPromise, type PromiseActorLogic } from 'xstate';
import {
  fetchAnchors,
  fetchDbMode,
  fetchEvents,
  fetchGeofences,
  fetchGpsHistory,
  fetchLastPings,
  fetchRegions,
  fetchSafetyCredit,
  fetchSafetyScore,
  type SafetyCredit,
} from '../../api/client.ts';
import type { DeviceEvent, DidAnchor, Geofence, GpsHistory, GpsPing, Region } from '../../api/entities.ts';
import { MAX_LIVE_PINGS } from '../../domain/gps-pings.ts';

const DEFAULT_DB_MODE = 'json';

/** Where the operator is looking: the few loaders that depend on it read it from here. */
interface ResourceInput {
  regionId: string;
  placeId: string;
}

interface SideResource<Shown, Answer> {
  /** What the page shows before the first answer. */
  initial: Shown;
  load: (input: ResourceInput) => Promise<Answer>;
  /** How an answer joins what is shown (by default it replaces it). */
  merge: (shown: Shown, answer: Answer) => Shown;
  /** Refreshed by each poll while the stream is down. */
  polled: boolean;
}

type Row<Shown, Answer> = Omit<SideResource<Shown, Answer>, 'merge' | 'polled'> & { polled?: boolean };

function resource<Shown, Answer>(
  row: Row<Shown, Answer> & Pick<SideResource<Shown, Answer>, 'merge'>,
): SideResource<Shown, Answer>;
function resource<Shown>(row: Row<Shown, Shown>): SideResource<Shown, Shown>;
function resource<Shown, Answer>(row: Row<Shown, Answer> & { merge?: SideResource<Shown, Answer>['merge'] }) {
  return { merge: (_shown: Shown, answer: Answer) => answer, polled: false, ...row };
}

const sideResources = {
  geofences: resource({ initial: [] as Geofence[], load: fetchGeofences, polled: true }),
  safetyScore: resource({
    initial: undefined as number | undefined,
    load: ({ regionId }) => fetchSafetyScore(regionId),
    polled: true,
  }),
  safetyCredit: resource({
    initial: undefined as SafetyCredit | undefined,
    load: ({ regionId, placeId }) => fetchSafetyCredit(regionId, placeId || undefined),
  }),
  anchors: resource({ initial: [] as DidAnchor[], load: fetchAnchors }),
  pings: resource({
    initial: [] as GpsPing[],
    load: fetchLastPings,
    merge: (_shown, pings) => pings.slice(0, MAX_LIVE_PINGS),
    polled: true,
  }),
  history: resource({ initial: {} as GpsHistory, load: fetchGpsHistory, polled: true }),
  events: resource({ initial: [] as DeviceEvent[], load: fetchEvents }),
  // Whole regions (issue 31): the selector's ids, the map's home view, and the Regions view's list; kept
  // current by the stream's region_update (src/domain/stream-messages.ts).
  regions: resource({
    initial: [] as Region[],
    load: fetchRegions,
    merge: (shown, regions) => (regions.length ? regions : shown),
  }),
  dbMode: resource({ initial: DEFAULT_DB_MODE as string, load: fetchDbMode }),
};

// ---------- Derived from the table ----------

export type ResourceId = keyof typeof sideResources;
type Table = typeof sideResources;
type ShownOf<Id extends ResourceId> = Table[Id]['initial'];
type AnswerOf<Id extends ResourceId> = Awaited<ReturnType<Table[Id]['load']>>;
type LoaderOf<Id extends ResourceId> = `load${Capitalize<Id>}`;

/** The context fields the side data is kept in. */
export type ResourceData = { [Id in ResourceId]: ShownOf<Id> };

export type ResourceEvent = {
  [Id in ResourceId]:
    | { type: `xstate.done.actor.${Id}`; output: AnswerOf<Id> }
    | { type: `xstate.error.actor.${Id}`; error: unknown };
}[ResourceId];

export const EVERY_RESOURCE = Object.keys(sideResources) as ResourceId[];
export const POLLED_RESOURCES = EVERY_RESOURCE.filter((id) => sideResources[id].polled);

/** The incidents' statuses (GET /incidents?limit=50, SPEC §7): refreshed with the side data, polled, kept in the incidents. */
export const STATUS_LIST = 'statuses';
export type FetchedId = ResourceId | typeof STATUS_LIST;
export const EVERY_FETCH: readonly FetchedId[] = [STATUS_LIST, ...EVERY_RESOURCE];
export const POLLED_FETCHES: readonly FetchedId[] = [STATUS_LIST, ...POLLED_RESOURCES];

export const loaderOf = <Id extends ResourceId>(id: Id) => `load${id[0]!.toUpperCase()}${id.slice(1)}` as LoaderOf<Id>;

export const resourceActors = Object.fromEntries(
  EVERY_RESOURCE.map((id) => {
    const { load } = sideResources[id] as SideResource<unknown, unknown>;
    return [loaderOf(id), fromPromise(({ input }: { input: ResourceInput }) => load(input))];
  }),
) as { [Id in ResourceId as LoaderOf<Id>]: PromiseActorLogic<AnswerOf<Id>, ResourceInput> };

export const initialResourceData = (): ResourceData =>
  Object.fromEntries(EVERY_RESOURCE.map((id) => [id, sideResources[id].initial])) as ResourceData;

/** The context change made by the answer of resource `id`'s loader. */
export function storeAnswer(data: ResourceData, id: ResourceId, answer: unknown): Partial<ResourceData> {
  const { merge } = sideResources[id] as SideResource<unknown, unknown>;
  return { [id]: merge(data[id], answer) };
}

/** Every answer is stored; every failure is handled (and so ignored), which keeps the dashboard alive. */
export const resourceHandlers = Object.fromEntries(
  EVERY_RESOURCE.flatMap((id) => [
    [`xstate.done.actor.${id}`, { actions: { type: 'storeResource', params: { id } } }],
    [`xstate.error.actor.${id}`, {}],
  ]),
) as {
  [Id in ResourceId as `xstate.done.actor.${Id}`]: { actions: { type: 'storeResource'; params: { id: Id } } };
} & { [Id in ResourceId as `xstate.error.actor.${Id}`]: Record<string, never> };
