import { Badge, Tooltip } from '@fluentui/react-components';
import { isUnverified } from '../../domain/display.ts';

const EXPLANATION = 'Sent without a valid device token: the tourist is not proven.';


function reasonOf(record: object): string | undefined {
  const reason = (record as { meta?: { unverified?: unknown } }).meta?.unverified;
  return typeof reason === 'string' && reason ? reason : undefined;
}

/** "Unverified" beside an alert or incident whose call proved no tourist (issue 10); nothing otherwise. */
export function UnverifiedBadge({ record }: { record: object }) {
  if (!isUnverified(record)) return null;
  return (
    <Tooltip content={reasonOf(record) ?? EXPLANATION} relationship="description">
      <Badge appearance="tint" color="warning" size="small">
        Unverified
      </Badge>
    </Tooltip>
  );
}
