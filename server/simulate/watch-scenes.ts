// The demo's two scenes for the watch (issue 32), so a new user sees within two minutes what the server
// notices when nobody presses anything: a tourist who stops reporting inside a red zone (Police Bazar), and
// one whose band reports a fall. Shillong's watch limits are shortened for the demo (a minute of silence in
// a red zone) and marked `demoLimits`, which the incident drawer names.
import type { Vertex } from '../../src/domain/geo.ts';
import type { ApiClient, PostResult } from './api-client.ts';
import { offset, zones } from './places.ts';

export const DEMO_REGION = 'shillong';
/** The shortest limit the settings accept, so the silence is raised a minute (and a check) after the last ping. */
export const DEMO_WATCH_SETTINGS = { silentInRedAfterS: 60, demoLimits: true };
// Named per run: a demo started again on the same data raises its scenes again (one open per tourist and rule).
export const SILENT_PREFIX = 'sim-silent-';
export const FALL_PREFIX = 'sim-fall-';
/** Pings before going quiet: the watch counts a tourist as reporting from 3 in the last hour. */
const PINGS_BEFORE = 5;

export interface SceneTools {
  client: ApiClient;
  /** Runs `work` after `delayMs` unless stopped (the simulator's own timers: stop() cancels them). */
  later(delayMs: number, work: () => Promise<unknown>): void;
  stopped(): boolean;
  log(line: string): void;
  /** Whether the simulator seeded the zone of this place. */
  zoneSeeded(placeId: string): boolean;
  runId: string;
  pingEveryMs: number;
  retryMs: number;
}

const placeCentre = (placeId: string): Vertex => zones.find((zone) => zone.placeId === placeId)!.center;
const succeeded = (result: PostResult | undefined) =>
  result !== undefined && result.status >= 200 && result.status < 300;

/** Starts both scenes once Shillong's demo limits are saved and its zones seeded (retrying until they are). */
export function startWatchScenes(tools: SceneTools): void {
  const { client, later, stopped, log, runId } = tools;
  const SILENT_TOURIST = `${SILENT_PREFIX}${runId}`;
  const FALL_TOURIST = `${FALL_PREFIX}${runId}`;
  const FALL_BAND = `${FALL_PREFIX}band-${runId}`;
  const silentAt = offset(placeCentre('police-bazar'), 20, -15);
  const fallAt = offset(placeCentre('ward-lake'), -30, 10);

  const pingThen =
    (touristId: string, deviceId: string | undefined, at: Vertex, left: number, then: () => Promise<unknown>) =>
    async () => {
      if (stopped()) return;
      await client.post('/gps/update', { touristId, ...(deviceId && { deviceId }), latitude: at[0], longitude: at[1] });
      later(tools.pingEveryMs, left > 1 ? pingThen(touristId, deviceId, at, left - 1, then) : then);
    };

  const goSilent = async () => {
    log(
      `simulator: ${SILENT_TOURIST} stops reporting in Police Bazar (a red zone): the watch raises it about a minute from now (demo limits)`,
    );
  };

  const fall = async (attempt = 1): Promise<void> => {
    if (stopped()) return;
    // The same event id on every attempt: however many arrive, the server raises one fall.
    const event = { id: `sim-${runId}-fall`, type: 'fall', payload: { confidence: 0.93 } };
    const result = await client.post('/events/ble', { deviceId: FALL_BAND, touristId: FALL_TOURIST, events: [event] });
    if (succeeded(result)) log(`simulator: ${FALL_TOURIST}'s band reported a fall near Ward's Lake`);
    else if (attempt < 3) later(1000 * attempt, () => fall(attempt + 1));
  };

  const begin = async (): Promise<void> => {
    if (stopped()) return;
    const ready =
      tools.zoneSeeded('police-bazar') &&
      tools.zoneSeeded('ward-lake') &&
      succeeded(await client.put(`/regions/${DEMO_REGION}/watch`, DEMO_WATCH_SETTINGS));
    if (!ready) {
      later(tools.retryMs, begin);
      return;
    }
    log(
      `simulator: ${DEMO_REGION}'s watch uses demo limits (${DEMO_WATCH_SETTINGS.silentInRedAfterS} s of silence in a red zone)`,
    );
    later(0, pingThen(SILENT_TOURIST, undefined, silentAt, PINGS_BEFORE, goSilent));
    later(tools.pingEveryMs / 2, pingThen(FALL_TOURIST, FALL_BAND, fallAt, PINGS_BEFORE, fall));
  };
  later(0, begin);
}
