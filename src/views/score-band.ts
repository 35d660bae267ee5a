// The colours of the score bands, shared by the Safety Score banner and the Safety Credit box (SPEC §9).
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ScoreBand } from '../domain/scores.ts';

const bandColours: Record<ScoreBand, { background: string; foreground: string; border: string }> = {
  green: {
    background: tokens.colorPaletteGreenBackground2,
    foreground: tokens.colorPaletteGreenForeground2,
    border: tokens.colorPaletteGreenBorder2,
  },
  yellow: {
    background: tokens.colorPaletteYellowBackground2,
    // Marigold on the dark theme's yellow reads at 3.7:1; the neutral text is above 4.5:1 in both themes.
    foreground: tokens.colorNeutralForeground1,
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
export const useBandStyles = makeStyles({
  green: bandStyle('green'),
  yellow: bandStyle('yellow'),
  red: bandStyle('red'),
});
