import { ActOutcome } from '../ActOutcome.tsx';
import { Button, Field, makeStyles, Text, Textarea, Title2, tokens } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { verifyTouristMachine } from '../../machines/verifyTouristMachine.ts';
import { ConfirmBindingDialog } from './ConfirmBindingDialog.tsx';
import { DidRecordCard } from './DidRecordCard.tsx';
import { useT } from '../../i18n/useT.ts';

export type VerifyRef = ActorRefFrom<typeof verifyTouristMachine>;

const useStyles = makeStyles({
  view: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    maxWidth: '960px',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  lookUp: { alignSelf: 'flex-start' },
  hint: { color: tokens.colorNeutralForeground3 },
});

function LookupForm({ verify }: { verify: VerifyRef }) {
  const styles = useStyles();
  const t = useT();
  const [text, setText] = useState('');
  const busy = useSelector(verify, (s) => s.hasTag('busy'));
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        verify.send({ type: 'did.lookup', text });
      }}
    >
      <Field label={t('verify.field')} hint={t('verify.fieldHint')}>
        <Textarea value={text} onChange={(_, data) => setText(data.value)} rows={3} resize="vertical" />
      </Field>
      <Button className={styles.lookUp} appearance="primary" type="submit" disabled={busy || text.trim() === ''}>
        {busy ? t('verify.lookingUp') : t('verify.lookUp')}
      </Button>
    </form>
  );
}

function Outcome({ verify }: { verify: VerifyRef }) {
  const styles = useStyles();
  const t = useT();
  const lookupError = useSelector(verify, (s) => (s.matches('failed') ? s.context.lookupError : undefined));
  const actError = useSelector(verify, (s) => s.context.actError);
  const notice = useSelector(verify, (s) => s.context.notice);
  const records = useSelector(verify, (s) => s.context.records);
  const shown = useSelector(verify, (s) => !s.matches('empty') && !s.matches('failed'));
  return (
    <>
      <ActOutcome errors={[lookupError, actError]} notice={notice} />
      {shown && records.length === 0 && <Text className={styles.hint}>{t('verify.nothingFound')}</Text>}
      {records.map((record) => (
        <DidRecordCard key={record.didId} record={record} verify={verify} />
      ))}
    </>
  );
}

/**
 * Verify tourist (supervisor and up): at an entry point, staff who saw a tourist's document bind the
 * Digital ID their phone holds to them, so the phone's alerts are verified and its pings accepted.
 */
export function VerifyTouristView({ logic = verifyTouristMachine }: { logic?: typeof verifyTouristMachine }) {
  const styles = useStyles();
  const t = useT();
  const verify = useActorRef(logic);
  return (
    <section className={styles.view} aria-label={t('verify.title')}>
      <Title2 as="h2">{t('verify.title')}</Title2>
      <Text className={styles.hint}>{t('verify.intro')}</Text>
      <LookupForm verify={verify} />
      <Outcome verify={verify} />
      <ConfirmBindingDialog verify={verify} />
    </section>
  );
}
