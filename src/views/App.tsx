import type { ActorOptions } from 'xstate';
import type { dashboardMachine } from '../machines/dashboard/dashboardMachine.ts';
import type { Preferences } from '../machines/preferences.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { Shell } from './shell/Shell.tsx';

export interface AppProps {
  preferences: Preferences;
  /** Tests pass the machine with its effects swapped (`dashboardMachine.provide(...)`). */
  logic?: typeof dashboardMachine;
  inspect?: ActorOptions<typeof dashboardMachine>['inspect'];
  /** Tests drive the statecharts' delays with a SimulatedClock. */
  clock?: ActorOptions<typeof dashboardMachine>['clock'];
}

export function App({ preferences, logic, inspect, clock }: AppProps) {
  // Only options that are set: an explicit `clock: undefined` replaces XState's default clock and breaks every delay.
  const options = { input: { preferences }, ...(inspect && { inspect }), ...(clock && { clock }) };
  return (
    <DashboardActor.Provider logic={logic} options={options}>
      <Shell />
    </DashboardActor.Provider>
  );
}
