// The clock every time on screen is read with (issue 36): the language's locale, the 12-hour setting, and
// the time zone of the region the dashboard shows (the default zone, DEFAULT_TIME_ZONE, before one is known).
import { createContext, useContext } from 'react';
import { DEFAULT_CLOCK, type ClockStyle } from '../../i18n/clock.ts';

export const ClockContext = createContext<ClockStyle>(DEFAULT_CLOCK);

export const useClock = (): ClockStyle => useContext(ClockContext);
