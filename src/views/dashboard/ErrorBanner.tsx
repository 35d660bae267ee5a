import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { DashboardActor } from '../dashboard-actor.ts';

export function ErrorBanner() {
  const loadError = DashboardActor.useSelector((s) => s.context.loadError);
  if (!loadError) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{loadError}</MessageBarBody>
    </MessageBar>
  );
}
