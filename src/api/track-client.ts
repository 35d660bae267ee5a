// The replay's read: one tourist through GET /tourists/{id}/track, a group through GET /tracks.
import { parsed } from './client.ts';
import { TrackResponse, TracksResponse, type TouristTrack } from './track.ts';

export interface ReplayRequest {
  touristIds: readonly string[];
  from: string;
  to: string;
}

export interface ReplayAnswer {
  from: string;
  to: string;
  tracks: TouristTrack[];
}

export async function fetchTracks({ touristIds, from, to }: ReplayRequest): Promise<ReplayAnswer> {
  const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  if (touristIds.length === 1) {
    const answer = await parsed(TrackResponse, `/tourists/${encodeURIComponent(touristIds[0]!)}/track?${range}`);
    return { from: answer.from, to: answer.to, tracks: [answer.track] };
  }
  const answer = await parsed(
    TracksResponse,
    `/tracks?touristIds=${touristIds.map(encodeURIComponent).join(',')}&${range}`,
  );
  return { from: answer.from, to: answer.to, tracks: answer.tracks };
}
