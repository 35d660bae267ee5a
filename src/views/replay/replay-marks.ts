// The slider's marks: their colours (a red zone's entry is not an alert's, and an exit is quieter than both)
// and their words.
import type { TrackMark } from '../../api/track.ts';
import type { Translate } from '../../i18n/translate.ts';

export const REPLAY_MARK_COLOURS: Record<TrackMark['kind'], string> = {
  zone_enter: '#d97706',
  zone_exit: '#9ca3af',
  alert: '#dc2626',
};

/**
 * A mark in the console's language: "Entered Police Bazar (red)", "Panic (high)" in English, as the server's
 * label reads. A mark from a server that sends no zone name or severity keeps the server's English label.
 */
export function markLabel(mark: TrackMark, t: Translate): string {
  if (mark.kind === 'alert') {
    return mark.severity === undefined || mark.incidentType === undefined
      ? mark.label
      : t('replay.alertMark', { type: mark.incidentType, severity: mark.severity });
  }
  const zone = mark.zoneName ?? mark.geofenceId;
  if (zone === undefined) return mark.label;
  return t(mark.kind === 'zone_enter' ? 'replay.entered' : 'replay.left', { zone, risk: mark.riskLevel ?? 'none' });
}
