import {
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { auditMachine } from '../../machines/auditMachine.ts';
import { AuditFilters } from './AuditFilters.tsx';
import { AuditTable } from './AuditTable.tsx';
import { useT } from '../../i18n/useT.ts';

type AuditRef = ActorRefFrom<typeof auditMachine>;

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  empty: { padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
  older: { alignSelf: 'flex-start' },
});

/** The chain's verdict: "Chain intact: N entries", or the server's sentence naming the broken entry. */
function ChainVerdict({ audit }: { audit: AuditRef }) {
  const t = useT();
  const verdict = useSelector(
    audit,
    (s) => {
      if (s.matches({ chain: 'intact' }))
        return { intent: 'success', text: t('audit.chainIntact', { count: s.context.verdict?.length ?? 0 }) } as const;
      if (s.matches({ chain: 'broken' })) return { intent: 'error', text: s.context.verdict?.error ?? '' } as const;
      if (s.matches({ chain: 'unknown' })) return { intent: 'warning', text: s.context.verifyError ?? '' } as const;
      return { intent: 'info', text: t('audit.checkingChain') } as const;
    },
    (a, b) => a.intent === b.intent && a.text === b.text,
  );
  return (
    <MessageBar intent={verdict.intent} role="status" aria-label={t('audit.chain')}>
      <MessageBarBody>{verdict.text}</MessageBarBody>
    </MessageBar>
  );
}

function AuditEntries({ audit }: { audit: AuditRef }) {
  const styles = useStyles();
  const t = useT();
  const entries = useSelector(audit, (s) => s.context.entries);
  const filtered = useSelector(audit, (s) => Boolean(s.context.filter.actor.trim() || s.context.filter.action.trim()));
  const loading = useSelector(audit, (s) => s.matches({ trail: 'loading' }));
  const olderOffered = useSelector(audit, (s) => s.matches({ trail: 'more' }) || s.matches({ trail: 'loadingOlder' }));
  const loadingOlder = useSelector(audit, (s) => s.matches({ trail: 'loadingOlder' }));
  if (loading) {
    return (
      <Skeleton aria-label={t('audit.loading')}>
        {[0, 1, 2].map((line) => (
          <SkeletonItem key={line} size={24} />
        ))}
      </Skeleton>
    );
  }
  if (entries.length === 0) {
    return <Text className={styles.empty}>{t(filtered ? 'audit.noMatch' : 'audit.none')}</Text>;
  }
  return (
    <>
      <AuditTable entries={entries} />
      {olderOffered && (
        <Button className={styles.older} disabled={loadingOlder} onClick={() => audit.send({ type: 'audit.older' })}>
          {t(loadingOlder ? 'audit.loadingOlder' : 'audit.older')}
        </Button>
      )}
    </>
  );
}

/** The audit trail (supervisor and up): every operator act and sign-in, newest first. */
export function AuditView({ logic = auditMachine }: { logic?: typeof auditMachine }) {
  const styles = useStyles();
  const t = useT();
  const audit = useActorRef(logic);
  const loadError = useSelector(audit, (s) => s.context.loadError);
  return (
    <section className={styles.view} aria-label={t('audit.view')}>
      <Title2 as="h2">{t('audit.title')}</Title2>
      <ChainVerdict audit={audit} />
      <Card className={styles.card}>
        <AuditFilters
          onFilter={(filter) => audit.send({ type: 'audit.filter', ...filter })}
          onRefresh={() => audit.send({ type: 'audit.refresh' })}
        />
        {loadError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{loadError}</MessageBarBody>
          </MessageBar>
        )}
        <AuditEntries audit={audit} />
      </Card>
    </section>
  );
}
