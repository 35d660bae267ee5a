import { Button, Divider, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ShieldErrorFilled } from '@fluentui/react-icons';
import { useState } from 'react';
import { SessionActor } from '../session-actor.ts';
import { SessionCard } from './SessionCard.tsx';
import { wordsOf } from '../../i18n/said.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  logo: { color: tokens.colorPaletteRedForeground1 },
});

/** Shown while nobody is signed in and the server requires it. */
export function SignInPage() {
  const styles = useStyles();
  const t = useT();
  const { send } = SessionActor.useActorRef();
  const busy = SessionActor.useSelector((s) => s.hasTag('busy'));
  const error = SessionActor.useSelector((s) => s.context.error);
  const sso = SessionActor.useSelector((s) => s.context.sso);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <SessionCard
      icon={<ShieldErrorFilled className={styles.logo} aria-label={t('shell.logo')} role="img" />}
      title={t('app.title')}
      formLabel={t('signIn.form')}
      intro={t('signIn.intro')}
      // The statechart's own sentence, in the console's language; the server's refusals come as it wrote them.
      error={error && wordsOf(t, error)}
      onSubmit={() => send({ type: 'session.signIn', username, password })}
    >
      <Field label={t('signIn.username')} required>
        <Input autoComplete="username" value={username} onChange={(_, data) => setUsername(data.value)} />
      </Field>
      <Field label={t('signIn.password')} required>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(_, data) => setPassword(data.value)}
        />
      </Field>
      <Button appearance="primary" type="submit" disabled={busy}>
        {t('signIn.submit')}
      </Button>
      {sso && (
        <>
          <Divider>{t('signIn.or')}</Divider>
          <Button type="button" disabled={busy} onClick={() => globalThis.location.assign(sso.startUrl)}>
            {sso.label}
          </Button>
        </>
      )}
    </SessionCard>
  );
}
