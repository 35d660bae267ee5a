// The alarm as a browser test hears it: every oscillator the page starts is counted (AudioContext's
// createOscillator wrapped before the page's own script runs), and the page's `data-alarm` tells its mode.
// Headless Chromium lets every page play (whatever --autoplay-policy says), so the desktop policy that
// holds audio until the operator's first gesture is played by the page's AudioContext itself when asked.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.ts';

// As tests/e2e/support/chromium.ts launches it, plus the autoplay policy.
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--use-gl=angle',
];

export function launchChromiumWithAutoplay(): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    args: [...BASE_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
}

/**
 * The desktop autoplay policy: every AudioContext stays `suspended` (and resume() never settles) until a
 * trusted click on the page; from then on they run. The dashboard's own code meets it as in a desktop browser.
 */
export async function holdAudioUntilGesture(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    let activated = false;
    window.addEventListener('click', (event) => void (activated ||= event.isTrusted), true);
    const resume = AudioContext.prototype.resume;
    const state = Object.getOwnPropertyDescriptor(BaseAudioContext.prototype, 'state')!.get!;
    AudioContext.prototype.resume = function (this: AudioContext) {
      return activated ? resume.call(this) : new Promise<void>(() => {});
    };
    Object.defineProperty(BaseAudioContext.prototype, 'state', {
      configurable: true,
      get(this: BaseAudioContext) {
        return activated ? state.call(this) : 'suspended';
      },
    });
  });
}

export async function countOscillators(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const counted = window as unknown as { oscillatorsStarted: number; oscillatorStartTimes: number[] };
    counted.oscillatorsStarted = 0;
    counted.oscillatorStartTimes = [];
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const oscillator = create.call(this);
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (when?: number) => {
        counted.oscillatorsStarted++;
        counted.oscillatorStartTimes.push(performance.now());
        start(when);
      };
      return oscillator;
    };
  });
}

export const oscillatorsStarted = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { oscillatorsStarted: number }).oscillatorsStarted);

export const alarmMode = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => document.documentElement.dataset.alarm);
