import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { DashboardActor, useStoreOutageSince } from '../dashboard-actor.ts';

export function ErrorBanner() {
  const loadError = DashboardActor.useSelector((s) => s.context.loadError);
  // While the store is away the console's own banner says so in the operator's language (StoreBanner).
  const storeAway = useStoreOutageSince() !== undefined;
  if (!loadError || storeAway) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{loadError}</MessageBarBody>
    </MessageBar>
  );
}
