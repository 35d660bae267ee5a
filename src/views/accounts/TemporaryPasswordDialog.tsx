import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { TemporarySecret } from '../../machines/accountsMachine.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  password: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

/** The temporary password, this once: closed, it is gone from the page (the server keeps only its hash). */
export function TemporaryPasswordDialog({ secret, onDone }: { secret: TemporarySecret | undefined; onDone: () => void }) {
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    if (!secret) return;
    navigator.clipboard?.writeText(secret.password).then(() => setCopied(true), () => setCopied(false));
  };
  const done = () => {
    setCopied(false);
    onDone();
  };
  return (
    <Dialog open={secret !== undefined} modalType="alert">
      <DialogSurface>
        {secret && (
          <DialogBody>
            <DialogTitle>Temporary password for {secret.username}</DialogTitle>
            <DialogContent className={styles.content}>
              <span>Shown this once. Give it to {secret.username}, who chooses their own password at the next sign-in.</span>
              <div className={styles.row}>
                <Field label="Temporary password" className={styles.password}>
                  <Input readOnly value={secret.password} className={styles.password} onFocus={(event) => event.target.select()} />
                </Field>
                <Button icon={<CopyRegular />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={done}>
                Done
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
