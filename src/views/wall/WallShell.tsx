// The page in wall mode (issue 35): dark unless switched for this screen, its type sized for the screen's
// height, exactly one screen high. The panic signals (tab title, alarm mode) stay as on the desk.
import { FluentProvider, makeStyles, tokens, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { endFirstPaint } from '../../first-paint/handover.ts';
import { PanicSignals } from '../alarm/PanicSignals.tsx';
import { Announcer } from '../alarm/Announcer.tsx';
import { wallScales, wallTheme } from './wall-theme.ts';
import { WallView } from './WallView.tsx';

const useStyles = makeStyles({
  page: {
    height: '100vh',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

function useViewportHeight(): number {
  return useSyncExternalStore(
    (onChange) => {
      globalThis.addEventListener('resize', onChange);
      return () => globalThis.removeEventListener('resize', onChange);
    },
    () => globalThis.innerHeight || 1080,
  );
}

export function WallShell({ onExit }: { onExit: () => void }) {
  const styles = useStyles();
  const [dark, setDark] = useState(true);
  const height = useViewportHeight();
  // The first paint is the desk's table: the wall takes over the screen as soon as it is drawn.
  useLayoutEffect(endFirstPaint, []);
  const theme = useMemo(() => wallTheme(dark ? webDarkTheme : webLightTheme, wallScales(height)), [dark, height]);
  return (
    <FluentProvider theme={theme}>
      <div className={styles.page}>
        <PanicSignals />
        <Announcer />
        <WallView dark={dark} onToggleDark={() => setDark((was) => !was)} onExit={onExit} />
      </div>
    </FluentProvider>
  );
}
