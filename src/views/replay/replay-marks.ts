// The colours of the slider's marks: a red zone's entry is not an alert's, and an exit is quieter than both.
import type { TrackMark } from '../../api/track.ts';

export const REPLAY_MARK_COLOURS: Record<TrackMark['kind'], string> = {
  zone_enter: '#d97706',
  zone_exit: '#9ca3af',
  alert: '#dc2626',
};
