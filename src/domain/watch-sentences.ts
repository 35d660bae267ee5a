// Every sentence that says why the watch raised an incident (issue 32), in one place: the drawer's "why"
// line, the row's and drawer's "reported again", and the reasons the server keeps in a band incident's meta.
import type { Incident } from '../api/entities.ts';

type Meta = Incident['meta'];

export interface SentenceContext {
  /** The zone's name when the page knows it (else the sentence names its risk only). */
  zoneName?: string;
  /** How the page shows a time (its own format and time zone). */
  time: (iso: string) => string;
}

export const DEMO_LIMITS = '(demo limits)';
export const REPORTED_AGAIN = 'Reported again';
/** The row's badge beside the time. */
export const REPORTED_AGAIN_BADGE = 'reported again';
/** What the drawer's line is called for a screen reader. */
export const WHY_LABEL = 'Why it was raised';
export const FALL_SENTENCE = 'Band reported a fall.';
export const REMOVED_SENTENCE = 'Band reported it was taken off.';
export const TAMPER_SENTENCE = 'Band reported tampering.';

/** 45 s, 1 min, 34 min: whole minutes from a minute up. */
export function durationText(seconds: number): string {
  return seconds < 60 ? `${Math.max(0, Math.round(seconds))} s` : `${Math.round(seconds / 60)} min`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "in Red zone Police Bazar", "in a yellow zone", or nothing outside the zones. */
function whereSeen(meta: Meta, zoneName: string | undefined): string {
  if (!meta.riskLevel) return '';
  return zoneName ? ` in ${capitalised(meta.riskLevel)} zone ${zoneName}` : ` in a ${meta.riskLevel} zone`;
}

/** Which limit applied: the red zone's, the night's, or the general one. */
function whichLimit(meta: Meta): string {
  if (meta.riskLevel === 'red') return meta.atNight ? ' in a red zone at night' : ' in a red zone';
  if (meta.riskLevel === 'yellow' && meta.rule === 'stranded') return ' in a yellow zone';
  return meta.atNight ? ' at night' : '';
}

/** A heart rate or SpO2 reading past the region's bound. */
export function vitalsSentence(vital: string, value: number, bound: number, boundKind: 'min' | 'max'): string {
  const reading = vital === 'spo2' ? `SpO2 ${value} %` : `Heart rate ${value} bpm`;
  return `${reading} ${boundKind === 'max' ? 'above' : 'below'} the region's ${bound} limit.`;
}

export const bandRemovedSentence = (event: string | undefined): string => (event?.toLowerCase() === 'tamper' ? TAMPER_SENTENCE : REMOVED_SENTENCE);

function withDemo(sentence: string, meta: Meta): string {
  return meta.demoLimits ? `${sentence} ${DEMO_LIMITS}` : sentence;
}

/** One sentence saying why the watch raised the incident, from its meta; null for any other incident. */
export function watchReason(incident: Pick<Incident, 'type' | 'meta'>, context: SentenceContext): string | null {
  const { meta } = incident;
  switch (incident.type) {
    case 'silent': {
      if (meta.silentForS === undefined || meta.limitS === undefined || !meta.lastSeenAt) return meta.reason ?? null;
      const battery = meta.afterLowBattery ? ' Its last alert was a low battery.' : '';
      const sentence = `No report for ${durationText(meta.silentForS)}; last seen${whereSeen(meta, context.zoneName)} at ${context.time(meta.lastSeenAt)} — limit ${durationText(meta.limitS)}${whichLimit(meta)}.${battery}`;
      return withDemo(sentence, meta);
    }
    case 'stranded': {
      if (meta.strandedForS === undefined || meta.limitS === undefined) return meta.reason ?? null;
      const sentence = `Stayed in one place for ${durationText(meta.strandedForS)}${whereSeen(meta, context.zoneName)} — limit ${durationText(meta.limitS)}${whichLimit(meta)}.`;
      return withDemo(sentence, meta);
    }
    case 'fall':
      return FALL_SENTENCE;
    case 'vitals': {
      if (meta.value === undefined || meta.bound === undefined || !meta.boundKind) return meta.reason ?? null;
      return withDemo(vitalsSentence(meta.event ?? 'heart_rate', meta.value, meta.bound, meta.boundKind), meta);
    }
    case 'band_removed':
      return bandRemovedSentence(meta.event);
    default:
      return null;
  }
}

/** "Reported again 18:40" when the tourist of a watch incident sent something later; null when not. */
export function reportedAgainText(incident: Pick<Incident, 'meta'>, time: (iso: string) => string): string | null {
  return incident.meta.reportedAgainAt ? `${REPORTED_AGAIN} ${time(incident.meta.reportedAgainAt)}` : null;
}
