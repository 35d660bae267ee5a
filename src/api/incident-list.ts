// The incidents lists the dashboard keeps loading (its table's, the panic watch's): after a whole answer,
// each silent reload asks only for what changed since (`changedSince`, API: /incidents/filter).
// With 10,000 incidents a stream message had cost a 4.4 MB answer to build, send and parse; now it costs
// the list's ids and the few incidents written since. Whenever the answer cannot be trusted to complete
// what is held (an id never seen, a store that went back in time), the whole list is asked for again.
import type { Incident } from './entities.ts';
import { REVISION_PATTERN } from './queries.ts';

type Body = Record<string, unknown>;

interface Held {
  revision: string;
  byId: Map<string, Incident>;
}

/** Lists remembered at once: the table's and the panic watch's, and a region or two the operator left. */
const HELD_LISTS = 4;

const isRevision = (value: unknown): value is string => typeof value === 'string' && REVISION_PATTERN.test(value);
const hasId = (value: unknown): value is Incident =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/**
 * The whole list an answer "since" describes: `ids` in their order, each incident the changed one or else
 * the one held. Undefined when an id is in neither, or a changed incident has no id.
 */
export function applyIncidentChanges(
  held: ReadonlyMap<string, Incident>,
  changed: readonly unknown[],
  ids: readonly unknown[],
): Incident[] | undefined {
  if (!changed.every(hasId)) return undefined;
  const written = new Map(changed.map((incident) => [incident.id, incident]));
  const list: Incident[] = [];
  for (const id of ids) {
    const incident = typeof id === 'string' ? (written.get(id) ?? held.get(id)) : undefined;
    if (!incident) return undefined;
    list.push(incident);
  }
  return list;
}

const withChangedSince = (url: string, revision: string) =>
  `${url}${url.includes('?') ? '&' : '?'}changedSince=${revision}`;

/** Reads incidents lists by address, through `get` (the answer's body once `ok`), remembering each list. */
export class IncidentListReader {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly get: (url: string) => Promise<Body>,
    private readonly unexpected: () => Error,
  ) {}

  /** `whole`: the operator asked (a filter chosen, Refresh): the whole list, exactly as SPEC §5 asks for it. */
  async read(url: string, { whole = false } = {}): Promise<Incident[]> {
    const held = whole ? undefined : this.held.get(url);
    if (held) {
      const body = await this.get(withChangedSince(url, held.revision));
      const list = this.completed(held, body);
      if (list) return this.hold(url, body.revision, list);
      this.held.delete(url);
    }
    const body = await this.get(url);
    if (!Array.isArray(body.incidents)) throw this.unexpected();
    return this.hold(url, body.revision, body.incidents as Incident[]);
  }

  /** The whole list from an answer to "changed since `held.revision`", when it can be trusted. */
  private completed(held: Held, body: Body): Incident[] | undefined {
    const { incidents, ids, revision, changedSince } = body;
    if (!Array.isArray(incidents) || !Array.isArray(ids) || changedSince !== held.revision || !isRevision(revision))
      return undefined;
    if (BigInt(revision) < BigInt(held.revision)) return undefined;
    return applyIncidentChanges(held.byId, incidents, ids);
  }

  private hold(url: string, revision: unknown, list: Incident[]): Incident[] {
    this.held.delete(url);
    if (isRevision(revision) && list.every(hasId)) {
      this.held.set(url, { revision, byId: new Map(list.map((incident) => [incident.id, incident])) });
      for (const oldest of this.held.keys()) if (this.held.size > HELD_LISTS) this.held.delete(oldest);
    }
    return list;
  }
}
