// What reaches the operator outside the page (issue 11): the tab title counts every region's open,
// unacknowledged panics, and the document carries the alarm's mode as `data-alarm` for tools and tests.
import { useEffect } from 'react';
import { useAlarm, useOpenPanics } from './panic-watch.ts';

export const APP_TITLE = 'Panic Alerts Dashboard';

export const titleFor = (openPanics: number) => (openPanics > 0 ? `(${openPanics}) ${APP_TITLE}` : APP_TITLE);

export function PanicSignals() {
  const open = useOpenPanics().length;
  const { mode } = useAlarm();
  useEffect(() => {
    document.title = titleFor(open);
  }, [open]);
  useEffect(() => () => void (document.title = APP_TITLE), []);
  useEffect(() => {
    document.documentElement.dataset.alarm = mode;
    return () => void delete document.documentElement.dataset.alarm;
  }, [mode]);
  return null;
}
