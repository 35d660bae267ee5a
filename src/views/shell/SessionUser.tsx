import { Button, makeStyles, Text, Tooltip, tokens } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { SessionActor, useAccount } from '../session-actor.ts';
import { wordsOf } from '../../i18n/said.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0 },
  name: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '40vw' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The signed-in operator and role, and "Sign out"; nothing at all with sign-in off. */
export function SessionUser() {
  const styles = useStyles();
  const t = useT();
  const account = useAccount();
  const { send } = SessionActor.useActorRef();
  const signingOut = SessionActor.useSelector((s) => s.hasTag('busy'));
  const error = SessionActor.useSelector((s) => s.context.error);
  if (!account) return null;
  return (
    <div className={styles.user} role="group" aria-label={t('session.signedIn')}>
      <Text className={styles.name}>{t('session.user', { username: account.username, role: account.role })}</Text>
      {error && (
        <Text role="alert" className={styles.error}>
          {wordsOf(t, error)}
        </Text>
      )}
      <Tooltip content={t('session.signOutHint')} relationship="description">
        <Button icon={<SignOutRegular />} disabled={signingOut} onClick={() => send({ type: 'session.signOut' })}>
          {t('session.signOut')}
        </Button>
      </Tooltip>
    </div>
  );
}
