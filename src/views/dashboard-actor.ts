// The running dashboard actor for the React tree; its children are the connection, test-alert, store-health
// and incident actors, which components read through the hooks below.
import { createActorContext, useSelector } from '@xstate/react';
import { connectionState, type ConnectionState } from '../machines/connectionMachine.ts';
import { dashboardMachine } from '../machines/dashboard/dashboardMachine.ts';

export const DashboardActor = createActorContext(dashboardMachine);

export function useConnectionState(): ConnectionState {
  const connection = DashboardActor.useSelector((s) => s.children.connection);
  return useSelector(connection, (s) => (s ? connectionState(s) : 'connecting'));
}

export function useTestAlert() {
  const testAlert = DashboardActor.useSelector((s) => s.children.testAlert);
  const armed = useSelector(testAlert, (s) => s?.matches('armed') ?? false);
  return { testAlert, armed };
}

/** When the store went away (ISO), while it is away (issue 47); undefined while it is there. */
export function useStoreOutageSince(): string | undefined {
  const storeHealth = DashboardActor.useSelector((s) => s.children.storeHealth);
  return useSelector(storeHealth, (s) => (s?.hasTag('storeUnavailable') ? s.context.since : undefined));
}

export const useDark = () => DashboardActor.useSelector((s) => s.matches({ theme: 'dark' }));
export const useDevPanelShown = () => DashboardActor.useSelector((s) => s.matches({ devPanel: 'shown' }));
