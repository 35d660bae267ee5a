import type { ActorOptions } from 'xstate';
import type { dashboardMachine } from '../machines/dashboardMachine.ts';
import type { Preferences } from '../machines/preferences.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { Shell } from './shell/Shell.tsx';

export interface AppProps {
  preferences: Preferences;
  /** Tests pass the machine with its effects swapped (`dashboardMachine.provide(...)`). */
  logic?: typeof dashboardMachine;
  inspect?: ActorOptions<typeof dashboardMachine>['inspect'];
}

export function App({ preferences, logic, inspect }: AppProps) {
  return (
    <DashboardActor.Provider logic={logic} options={{ input: { preferences }, inspect }}>
      <Shell />
    </DashboardActor.Provider>
  );
}
