// The alarm's sound, made with the Web Audio API (no audio file): one shared AudioContext, a two-note
// beep per call. The alarm machine decides when (it starts these actors); this module only knows how.
import { fromCallback, fromPromise } from 'xstate';

/** How long a resume may take before the browser is taken to be blocking audio until a gesture. */
const RESUME_WAIT_MS = 400;
const NOTES_HZ = [880, 660] as const;
const NOTE_SECONDS = 0.22;
const PEAK_GAIN = 0.35;

let context: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
  if (context) return context;
  const Constructor =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Constructor) return undefined;
  context = new Constructor();
  return context;
}

/**
 * Asks the browser to let the page make sound. 'running' when it may; 'suspended' when the autoplay
 * policy holds it until the operator's next gesture (the promise of resume() may then never settle).
 */
async function resumeAudio(): Promise<'running' | 'suspended'> {
  const audio = audioContext();
  if (!audio) return 'suspended';
  if (audio.state !== 'running') {
    await Promise.race([
      audio.resume().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, RESUME_WAIT_MS)),
    ]);
  }
  return audio.state === 'running' ? 'running' : 'suspended';
}

/** One beep: two short notes with soft edges (a hard start clicks). Faster when escalated. */
function playAlarmTone({ escalated }: { escalated: boolean }): void {
  const audio = audioContext();
  if (!audio || audio.state !== 'running') return;
  const noteSeconds = escalated ? NOTE_SECONDS * 0.7 : NOTE_SECONDS;
  const start = audio.currentTime + 0.01;
  NOTES_HZ.forEach((frequency, index) => {
    const at = start + index * noteSeconds;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + noteSeconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + noteSeconds + 0.02);
  });
}

export const resumeAudioActor = fromPromise<'running' | 'suspended'>(() => resumeAudio());
export const alarmToneActor = fromPromise<void, { escalated: boolean }>(async ({ input }) => playAlarmTone(input));

/**
 * Creates the shared AudioContext in an idle moment, before any panic needs it: creating it took the page
 * 80 ms (Chromium opening its audio output), and the first panic after a console opened paid that before its
 * row and the panic bar were painted (issue 33). It stays suspended until the alarm asks to resume it.
 */
export const prepareAudioActor = fromCallback(() => {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(audioContext, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(() => audioContext(), { timeout: 2000 });
  return () => cancelIdleCallback(handle);
});
