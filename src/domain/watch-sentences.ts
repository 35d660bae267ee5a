// Every sentence that says why the watch raised an incident (issue 32), in one place: the drawer's "why"
// line, the row's and drawer's "reported again", and the reasons the server keeps in a band incident's meta.
import type { Incident } from '../api/entities.ts';
import { inEnglish } from '../i18n/english.ts';
import type { Translate } from '../i18n/translate.ts';

type Meta = Incident['meta'];

export interface SentenceContext {
  /** The zone's name when the page knows it (else the sentence names its risk only). */
  zoneName?: string;
  /** How the page shows a time (its own format and time zone). */
  time: (iso: string) => string;
}

/** The reason the server keeps with a fall's incident (English, as every stored reason). */
export const FALL_SENTENCE = inEnglish('watch.fall');

/** 45 s, 1 min, 34 min: whole minutes from a minute up. */
export function durationText(seconds: number): string {
  return seconds < 60 ? `${Math.max(0, Math.round(seconds))} s` : `${Math.round(seconds / 60)} min`;
}

/** Where it was last seen, as the sentences' `where` select reads it: the zone by name, its risk only, or nowhere. */
function whereSeen(meta: Meta, zoneName: string | undefined): { where: string; risk: string; zone: string } {
  if (!meta.riskLevel) return { where: 'none', risk: '', zone: '' };
  return { where: zoneName ? 'named' : 'risk', risk: meta.riskLevel, zone: zoneName ?? '' };
}

/** Which limit applied: the red zone's (by night or day), the yellow zone's for a stay, the night's, or the general one. */
function whichLimit(meta: Meta): string {
  if (meta.riskLevel === 'red') return meta.atNight ? 'redNight' : 'red';
  if (meta.riskLevel === 'yellow' && meta.rule === 'stranded') return 'yellow';
  return meta.atNight ? 'night' : 'none';
}

/** A heart rate or SpO2 reading past the region's bound (English by default: the server keeps it as the reason). */
export function vitalsSentence(
  vital: string,
  value: number,
  bound: number,
  boundKind: 'min' | 'max',
  t: Translate = inEnglish,
): string {
  return t('watch.vitals', { vital, value, bound, boundKind });
}

export const bandRemovedSentence = (event: string | undefined, t: Translate = inEnglish): string =>
  t(event?.toLowerCase() === 'tamper' ? 'watch.tamper' : 'watch.removed');

function withDemo(sentence: string, meta: Meta, t: Translate): string {
  return meta.demoLimits ? `${sentence} ${t('watch.demoLimits')}` : sentence;
}

/** One sentence saying why the watch raised the incident, from its meta; null for any other incident. */
export function watchReason(
  incident: Pick<Incident, 'type' | 'meta'>,
  context: SentenceContext,
  t: Translate = inEnglish,
): string | null {
  const { meta } = incident;
  switch (incident.type) {
    case 'silent': {
      if (meta.silentForS === undefined || meta.limitS === undefined || !meta.lastSeenAt) return meta.reason ?? null;
      const sentence = t('watch.silent', {
        silentFor: durationText(meta.silentForS),
        ...whereSeen(meta, context.zoneName),
        time: context.time(meta.lastSeenAt),
        limit: durationText(meta.limitS),
        limitKind: whichLimit(meta),
      });
      return withDemo(meta.afterLowBattery ? `${sentence} ${t('watch.lowBattery')}` : sentence, meta, t);
    }
    case 'stranded': {
      if (meta.strandedForS === undefined || meta.limitS === undefined) return meta.reason ?? null;
      const sentence = t('watch.stranded', {
        strandedFor: durationText(meta.strandedForS),
        ...whereSeen(meta, context.zoneName),
        limit: durationText(meta.limitS),
        limitKind: whichLimit(meta),
      });
      return withDemo(sentence, meta, t);
    }
    case 'fall':
      return t('watch.fall');
    case 'vitals': {
      if (meta.value === undefined || meta.bound === undefined || !meta.boundKind) return meta.reason ?? null;
      return withDemo(vitalsSentence(meta.event ?? 'heart_rate', meta.value, meta.bound, meta.boundKind, t), meta, t);
    }
    case 'band_removed':
      return bandRemovedSentence(meta.event, t);
    default:
      return null;
  }
}

/** "Reported again 18:40" when the tourist of a watch incident sent something later; null when not. */
export function reportedAgainText(
  incident: Pick<Incident, 'meta'>,
  time: (iso: string) => string,
  t: Translate = inEnglish,
): string | null {
  return incident.meta.reportedAgainAt ? t('watch.reportedAgain', { time: time(incident.meta.reportedAgainAt) }) : null;
}
