// The drawer's requests for a tourist's watch pause (issue 32 point 4): read it, set it, lift it.
import { parsed, jsonPost } from './client.ts';
import {
  WatchPauseResponse,
  WatchPauseStateResponse,
  WatchResumeResponse,
  type WatchPause,
  type WatchPauseBody,
} from './watch.ts';

const pausePath = (touristId: string) => `/tourists/${encodeURIComponent(touristId)}/watch-pause`;

/** The running pause, or null when none runs. */
export const fetchWatchPause = (touristId: string): Promise<WatchPause | null> =>
  parsed(WatchPauseStateResponse, pausePath(touristId)).then((answer) => answer.pause);

export const pauseWatch = (touristId: string, body: WatchPauseBody): Promise<WatchPause> =>
  parsed(WatchPauseResponse, pausePath(touristId), jsonPost(body)).then((answer) => answer.pause);

export const resumeWatch = (touristId: string): Promise<void> =>
  parsed(WatchResumeResponse, pausePath(touristId), { method: 'DELETE' }).then(() => undefined);
