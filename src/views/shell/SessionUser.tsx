import { Button, makeStyles, Text, Tooltip, tokens } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { SessionActor, useAccount } from '../session-actor.ts';

const useStyles = makeStyles({
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0 },
  name: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '40vw' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The signed-in operator and role, and "Sign out"; nothing at all with sign-in off. */
export function SessionUser() {
  const styles = useStyles();
  const account = useAccount();
  const { send } = SessionActor.useActorRef();
  const signingOut = SessionActor.useSelector((s) => s.hasTag('busy'));
  const error = SessionActor.useSelector((s) => s.context.error);
  if (!account) return null;
  return (
    <div className={styles.user} role="group" aria-label="Signed in">
      <Text className={styles.name}>{`${account.username} · ${account.role}`}</Text>
      {error && (
        <Text role="alert" className={styles.error}>
          {error}
        </Text>
      )}
      <Tooltip content="End this session on the server" relationship="description">
        <Button icon={<SignOutRegular />} disabled={signingOut} onClick={() => send({ type: 'session.signOut' })}>
          Sign out
        </Button>
      </Tooltip>
    </div>
  );
}
