// Wall mode's type and spacing (issue 35): read from 4 m, the body text is at least 20 px on a 1080-line
// screen, and grows with the screen's height so a 2160-line wall reads the same from the same place.
import type { Theme } from '@fluentui/react-components';

/** Fluent's body text (fontSizeBase300) is 14 px: 20 px at 1080 lines. */
const FONT_SCALE_AT_1080 = 20 / 14;
const REFERENCE_HEIGHT = 1080;

export function wallScales(viewportHeight: number): { font: number; space: number } {
  const screens = Math.max(0.75, viewportHeight / REFERENCE_HEIGHT);
  return { font: FONT_SCALE_AT_1080 * screens, space: Math.max(1, screens) };
}

const scalePx = (value: string, by: number) =>
  value.replace(/(-?\d+(?:\.\d+)?)px/g, (_, px: string) => `${Math.round(Number(px) * by * 10) / 10}px`);

/** `theme` with its font sizes and line heights times `font`, and its spacing times `space`. */
export function wallTheme(theme: Theme, scales: { font: number; space: number }): Theme {
  const scaled: Record<string, string | number> = { ...theme };
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value !== 'string') continue;
    if (key.startsWith('fontSize') || key.startsWith('lineHeight')) scaled[key] = scalePx(value, scales.font);
    else if (key.startsWith('spacing')) scaled[key] = scalePx(value, scales.space);
  }
  return scaled as unknown as Theme;
}
