import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { ConnectionState } from '../../machines/connectionMachine.ts';
import { useT } from '../../i18n/useT.ts';

const colours: Record<ConnectionState, BadgeProps['color']> = {
  connected: 'success',
  connecting: 'warning',
  disconnected: 'danger',
};

export function ConnectionBadge({ state }: { state: ConnectionState }) {
  const t = useT();
  const word = t(`connection.${state}`);
  return (
    <Badge appearance="filled" color={colours[state]} aria-label={t('connection.label', { state: word })}>
      {word}
    </Badge>
  );
}
