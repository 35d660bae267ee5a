import { Card, makeStyles, MessageBar, MessageBarBody, Text, Title2, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';

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
  icon: { fontSize: '28px', flexShrink: 0, display: 'flex' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface SessionCardProps {
  icon: ReactNode;
  title: string;
  /** The form's accessible name. */
  formLabel: string;
  intro: ReactNode;
  error?: string;
  onSubmit(): void;
  children: ReactNode;
}

/** The pages before the dashboard (sign-in, a new password): one card in the middle of the page, one form. */
export function SessionCard({ icon, title, formLabel, intro, error, onSubmit, children }: SessionCardProps) {
  const styles = useStyles();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.heading}>
          <span className={styles.icon}>{icon}</span>
          <Title2 as="h1">{title}</Title2>
        </div>
        <form className={styles.form} aria-label={formLabel} onSubmit={submit}>
          <Text>{intro}</Text>
          {error && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
          {children}
        </form>
      </Card>
    </main>
  );
}
