// The colour bands shared by the Safety Score banner and the Safety Credit box (SPEC §9).
import { makeStyles, tokens } from '@fluentui/react-components';

export const MAX_SCORE = 900;
export const GREEN_FROM = 700;
export const YELLOW_FROM = 400;

export type ScoreBand = 'green' | 'yellow' | 'red';

export function scoreBand(score: number): ScoreBand {
  if (score >= GREEN_FROM) return 'green';
  if (score >= YELLOW_FROM) return 'yellow';
  return 'red';
}

const bandColours: Record<ScoreBand, { background: string; foreground: string; border: string }> = {
  green: {
    background: tokens.colorPaletteGreenBackground2,
    foreground: tokens.colorPaletteGreenForeground2,
    border: tokens.colorPaletteGreenBorder2,
  },
  yellow: {
    background: tokens.colorPaletteYellowBackground2,
    foreground: tokens.colorPaletteMarigoldForeground2,
    border: tokens.colorPaletteYellowBorder2,
  },
  red: {
    background: tokens.colorPaletteRedBackground2,
    foreground: tokens.colorPaletteRedForeground2,
    border: tokens.colorPaletteRedBorder2,
  },
};

const bandStyle = (band: ScoreBand) => ({
  backgroundColor: bandColours[band].background,
  color: bandColours[band].foreground,
  border: `1px solid ${bandColours[band].border}`,
});

/** One class per band; merge it after the component's own classes so its colours win. */
export const useBandStyles = makeStyles({ green: bandStyle('green'), yellow: bandStyle('yellow'), red: bandStyle('red') });
