import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { ConnectionState } from '../../machines/connectionMachine.ts';

const colours: Record<ConnectionState, BadgeProps['color']> = {
  connected: 'success',
  connecting: 'warning',
  disconnected: 'danger',
};

export function ConnectionBadge({ state }: { state: ConnectionState }) {
  return (
    <Badge appearance="filled" color={colours[state]} aria-label={`Connection: ${state}`}>
      {state}
    </Badge>
  );
}
