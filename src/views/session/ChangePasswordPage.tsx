import { Button, Card, Field, Input, makeStyles, MessageBar, MessageBarBody, Text, Title2, tokens } from '@fluentui/react-components';
import { KeyResetRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { NEW_PASSWORD_MIN } from '../../api/auth.ts';
import { SessionActor } from '../session-actor.ts';

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
  card: { width: '100%', maxWidth: '380px', padding: tokens.spacingHorizontalXL },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { fontSize: '28px', flexShrink: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
});

/** After a sign-in with a temporary password: the operator's own password before the dashboard (issue 31). */
export function ChangePasswordPage() {
  const styles = useStyles();
  const { send } = SessionActor.useActorRef();
  const busy = SessionActor.useSelector((s) => s.hasTag('busy'));
  const error = SessionActor.useSelector((s) => s.context.error);
  const username = SessionActor.useSelector((s) => s.context.user?.username);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const mismatch = repeated !== '' && repeated !== newPassword;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mismatch) send({ type: 'session.changePassword', currentPassword, newPassword });
  };
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.heading}>
          <KeyResetRegular className={styles.icon} aria-hidden />
          <Title2 as="h1">Choose a new password</Title2>
        </div>
        <form className={styles.form} aria-label="Choose a new password" onSubmit={submit}>
          <Text>
            {username} signed in with a temporary password. Choose your own (at least {NEW_PASSWORD_MIN} characters) to reach the dashboard.
          </Text>
          {error && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
          <Field label="Temporary password" required>
            <Input type="password" autoComplete="current-password" value={currentPassword} onChange={(_, data) => setCurrentPassword(data.value)} />
          </Field>
          <Field label="New password" required>
            <Input type="password" autoComplete="new-password" value={newPassword} onChange={(_, data) => setNewPassword(data.value)} />
          </Field>
          <Field label="New password again" required validationMessage={mismatch ? 'The two new passwords differ.' : undefined}>
            <Input type="password" autoComplete="new-password" value={repeated} onChange={(_, data) => setRepeated(data.value)} />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={busy || mismatch}>
              Save password
            </Button>
            <Button type="button" disabled={busy} onClick={() => send({ type: 'session.signOut' })}>
              Sign out
            </Button>
          </div>
        </form>
      </Card>
    </main>
  );
}
