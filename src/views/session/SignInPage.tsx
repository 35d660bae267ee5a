import {
  Button,
  Card,
  Divider,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { ShieldErrorFilled } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { SessionActor } from '../session-actor.ts';

const APP_TITLE = 'Panic Alerts Dashboard';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalM,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: { width: '100%', maxWidth: '360px', padding: tokens.spacingHorizontalXL },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  logo: { color: tokens.colorPaletteRedForeground1, fontSize: '28px', flexShrink: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Shown while nobody is signed in and the server requires it. */
export function SignInPage() {
  const styles = useStyles();
  const { send } = SessionActor.useActorRef();
  const busy = SessionActor.useSelector((s) => s.hasTag('busy'));
  const error = SessionActor.useSelector((s) => s.context.error);
  const sso = SessionActor.useSelector((s) => s.context.sso);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'session.signIn', username, password });
  };
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.heading}>
          <ShieldErrorFilled className={styles.logo} aria-label="Logo" role="img" />
          <Title2 as="h1">{APP_TITLE}</Title2>
        </div>
        <form className={styles.form} aria-label="Sign in" onSubmit={submit}>
          <Text>Sign in to watch and act on alerts.</Text>
          {error && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
          <Field label="Username" required>
            <Input autoComplete="username" value={username} onChange={(_, data) => setUsername(data.value)} />
          </Field>
          <Field label="Password" required>
            <Input type="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy}>
            Sign in
          </Button>
          {sso && (
            <>
              <Divider>or</Divider>
              <Button type="button" disabled={busy} onClick={() => globalThis.location.assign(sso.startUrl)}>
                {sso.label}
              </Button>
            </>
          )}
        </form>
      </Card>
    </main>
  );
}
