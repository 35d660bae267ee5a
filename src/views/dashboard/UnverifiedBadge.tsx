import { Badge, Tooltip } from '@fluentui/react-components';
import { isUnverified } from '../../domain/display.ts';
import { useT } from '../../i18n/useT.ts';

function reasonOf(record: object): string | undefined {
  const reason = (record as { meta?: { unverified?: unknown } }).meta?.unverified;
  return typeof reason === 'string' && reason ? reason : undefined;
}

/** "Unverified" beside an alert or incident whose call proved no tourist (issue 10); nothing otherwise. */
export function UnverifiedBadge({ record }: { record: object }) {
  const t = useT();
  if (!isUnverified(record)) return null;
  return (
    // The reason is the server's, in English; the explanation is the console's own.
    <Tooltip content={reasonOf(record) ?? t('dashboard.unverifiedHint')} relationship="description">
      <Badge appearance="tint" color="warning" size="small">
        {t('dashboard.unverified')}
      </Badge>
    </Tooltip>
  );
}
