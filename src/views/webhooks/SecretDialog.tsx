import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { WebhookSecret } from '../../machines/webhooksMachine.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  secret: { fontFamily: tokens.fontFamilyMonospace },
});

/** The signing secret, this once: the receiver verifies every request with it (docs/webhooks.md). */
export function SecretDialog({ secret, onDone }: { secret: WebhookSecret | undefined; onDone: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open={secret !== undefined} modalType="alert">
      <DialogSurface>
        {secret && (
          <DialogBody>
            <DialogTitle>Signing secret for {secret.name}</DialogTitle>
            <DialogContent className={styles.content}>
              <span>Shown this once. Give it to the receiver, which checks the webhook-signature of every request with it.</span>
              <Field label="Signing secret">
                <Input readOnly value={secret.secret} className={styles.secret} onFocus={(event) => event.target.select()} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onDone}>
                Done
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
