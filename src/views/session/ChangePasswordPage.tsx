import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { KeyResetRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { NEW_PASSWORD_MIN } from '../../api/auth.ts';
import { SessionActor } from '../session-actor.ts';
import { SessionCard } from './SessionCard.tsx';
import { wordsOf } from '../../i18n/said.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
});

/** After a sign-in with a temporary password: the operator's own password before the dashboard (issue 31). */
export function ChangePasswordPage() {
  const styles = useStyles();
  const t = useT();
  const { send } = SessionActor.useActorRef();
  const busy = SessionActor.useSelector((s) => s.hasTag('busy'));
  const error = SessionActor.useSelector((s) => s.context.error);
  const username = SessionActor.useSelector((s) => s.context.user?.username);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const mismatch = repeated !== '' && repeated !== newPassword;
  return (
    <SessionCard
      icon={<KeyResetRegular aria-hidden />}
      title={t('signIn.newPasswordTitle')}
      formLabel={t('signIn.newPasswordTitle')}
      intro={t('signIn.newPasswordIntro', { username, min: NEW_PASSWORD_MIN })}
      error={error && wordsOf(t, error)}
      onSubmit={() => !mismatch && send({ type: 'session.changePassword', currentPassword, newPassword })}
    >
      <Field label={t('signIn.temporaryPassword')} required>
        <Input
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(_, data) => setCurrentPassword(data.value)}
        />
      </Field>
      <Field label={t('signIn.newPassword')} required>
        <Input
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(_, data) => setNewPassword(data.value)}
        />
      </Field>
      <Field
        label={t('signIn.newPasswordAgain')}
        required
        validationMessage={mismatch ? t('signIn.passwordsDiffer') : undefined}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={repeated}
          onChange={(_, data) => setRepeated(data.value)}
        />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={busy || mismatch}>
          {t('signIn.savePassword')}
        </Button>
        <Button type="button" disabled={busy} onClick={() => send({ type: 'session.signOut' })}>
          {t('session.signOut')}
        </Button>
      </div>
    </SessionCard>
  );
}
