// Times on the dashboard read in the time zone of the region it shows (issue 36): a region set to another
// zone changes every time on screen with it.
import { useMemo, type ReactNode } from 'react';
import { isIanaTimeZone } from '../../domain/time-zone.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { ClockContext, useClock } from './clock-context.ts';

export function RegionClock({ children }: { children: ReactNode }) {
  const outer = useClock();
  const timeZone = DashboardActor.useSelector(
    (s) => s.context.regions.find((region) => region.id === s.context.regionId)?.timeZone,
  );
  const clock = useMemo(
    () => (timeZone && isIanaTimeZone(timeZone) ? { ...outer, timeZone } : outer),
    [outer, timeZone],
  );
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}
