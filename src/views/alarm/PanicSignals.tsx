// What reaches the operator outside the page (issue 11): the tab title counts every region's open,
// unacknowledged panics, and the document carries the alarm's mode as `data-alarm` for tools and tests.
import { useEffect } from 'react';
import { useAlarm, useOpenPanics } from './panic-watch.ts';
import { useT } from '../../i18n/useT.ts';

/** `(3) Panic Alerts Dashboard`: the tab's title, in the console's language. */
export const titleFor = (openPanics: number, appTitle: string) =>
  openPanics > 0 ? `(${openPanics}) ${appTitle}` : appTitle;

export function PanicSignals() {
  const open = useOpenPanics().length;
  const { mode } = useAlarm();
  const appTitle = useT()('app.title');
  useEffect(() => {
    document.title = titleFor(open, appTitle);
  }, [open, appTitle]);
  useEffect(() => () => void (document.title = appTitle), [appTitle]);
  useEffect(() => {
    document.documentElement.dataset.alarm = mode;
    return () => void delete document.documentElement.dataset.alarm;
  }, [mode]);
  return null;
}
