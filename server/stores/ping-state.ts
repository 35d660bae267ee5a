import type { Sql } from '../db/seam.ts';
import { WATCH_CONFIG_FINGERPRINT_SQL } from '../watch/watch-config.ts';
import { iso } from './time.ts';
import type { WatchLastRow } from './watch-last.ts';

/** What a group of pings needs to know before its zone entries and exits can be decided. */
export interface PingState {
  /** Time of each key's newest stored ping. */
  lastSeenAt: Map<string, string>;
  /** Zone ids each key is inside now. */
  presence: Map<string, Set<string>>;
  /**
   * Changes whenever a zone is added, replaced or deleted, on any server: the revision every write to the
   * zones moves in its own transaction (a trigger, migration 013). One row, where counting the zones was a
   * scan of all of them for every group of pings.
   */
  zonesFingerprint: string;
  /**
   * The watch (issue 32): each key's last-seen row, its open watch incidents not yet reported again (one
   * "reported again" each: a phone pinging every few seconds must not flood the timeline), and its settings'
   * fingerprint.
   */
  watchLast: Map<string, WatchLastRow>;
  openWatchIncidents: Map<string, string[]>;
  watchFingerprint: string;
}

interface StateRow {
  kind: 'last' | 'presence' | 'zones' | 'watch' | 'watch_open' | 'watch_config';
  ping_key: string | null;
  value: string | null;
  at: Date | string | null;
}

/** One statement, not three: on PGlite each statement costs more than the rows it reads here. */
export async function pingStateOf(tx: Sql, keys: readonly string[]): Promise<PingState> {
  const { rows } = await tx.query<StateRow>(
    `select 'last' as kind, ping_key, null::text as value, at from gps_last where ping_key = any($1::text[])
     union all
     select 'presence', ping_key, geofence_id, null from zone_presence where ping_key = any($1::text[])
     union all
     select 'zones', null, revision::text, null from zone_revision
     union all
     select 'watch', ping_key, row_to_json(w)::text, null from watch_last w where ping_key = any($1::text[])
     union all
     select 'watch_open', watch_key, id, null from incidents
      where watch_key = any($1::text[]) and status <> 'resolved' and meta->>'reportedAgainAt' is null
     union all
     select 'watch_config', null, ${WATCH_CONFIG_FINGERPRINT_SQL}, null`,
    [[...keys]],
  );
  const state: PingState = {
    lastSeenAt: new Map(),
    presence: new Map(),
    zonesFingerprint: '',
    watchLast: new Map(),
    openWatchIncidents: new Map(),
    watchFingerprint: '',
  };
  for (const row of rows) {
    if (row.kind === 'last') state.lastSeenAt.set(row.ping_key!, iso(row.at!));
    else if (row.kind === 'presence')
      state.presence.set(row.ping_key!, (state.presence.get(row.ping_key!) ?? new Set<string>()).add(row.value!));
    else if (row.kind === 'zones') state.zonesFingerprint = row.value!;
    else if (row.kind === 'watch') state.watchLast.set(row.ping_key!, JSON.parse(row.value!) as WatchLastRow);
    else if (row.kind === 'watch_open')
      state.openWatchIncidents.set(row.ping_key!, [...(state.openWatchIncidents.get(row.ping_key!) ?? []), row.value!]);
    else state.watchFingerprint = row.value!;
  }
  return state;
}
