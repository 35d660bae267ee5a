import {
  FluentProvider,
  makeStyles,
  Spinner,
  Text,
  tokens,
  webDarkTheme,
  webLightTheme,
} from '@fluentui/react-components';
import { useLayoutEffect, type ReactNode } from 'react';
import { endFirstPaint } from '../../first-paint/handover.ts';
import { SessionActor } from '../session-actor.ts';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';
import { SignInPage } from './SignInPage.tsx';
import { StaleConsole } from './StaleConsole.tsx';
import { en } from '../../i18n/catalogues/en.ts';
import { useT } from '../../i18n/useT.ts';

/** The English sentence, as tests look for it. */
export const SERVER_UNREACHABLE = en['signIn.unreachable'];

const useStyles = makeStyles({
  waiting: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** The dashboard (`children`) once someone is signed in or sign-in is off; before that, nothing of it runs. */
export function SessionGate({ dark, children }: { dark: boolean; children: ReactNode }) {
  const styles = useStyles();
  const t = useT();
  const signedIn = SessionActor.useSelector((s) => s.matches('signedIn'));
  const signedOut = SessionActor.useSelector((s) => s.matches('signedOut'));
  const unreachable = SessionActor.useSelector((s) => s.matches('unreachable'));
  const passwordDue = SessionActor.useSelector((s) => s.matches('changingPassword'));
  // Kept through the next check's wait too, so the stale view does not flicker every retry.
  const lastKnown = SessionActor.useSelector((s) => s.context.lastKnown);
  // The sign-in page or the server's absence replaces the first paint; only the check itself keeps it.
  useLayoutEffect(() => {
    if (signedOut || unreachable || passwordDue || lastKnown) endFirstPaint();
  }, [signedOut, unreachable, passwordDue, lastKnown]);
  if (signedIn) return children;
  return (
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme}>
      {signedOut ? (
        <SignInPage />
      ) : passwordDue ? (
        <ChangePasswordPage />
      ) : lastKnown ? (
        <StaleConsole lastKnown={lastKnown} unreachable={t('signIn.unreachable')} />
      ) : (
        <div className={styles.waiting}>
          {unreachable ? <Text role="alert">{t('signIn.unreachable')}</Text> : <Spinner label={t('signIn.checking')} />}
        </div>
      )}
    </FluentProvider>
  );
}
