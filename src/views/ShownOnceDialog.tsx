// A secret the server hands out once (a temporary password, a webhook's signing secret): shown in a dialog
// that must be closed on purpose, with a button to copy it; closed, it is gone from the page.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { WhileOpen } from './WhileOpen.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  value: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

export interface ShownOnce {
  title: string;
  /** What the admin does with it, said once above it. */
  sentence: string;
  label: string;
  value: string;
}

export function ShownOnceDialog({ shown, onDone }: { shown: ShownOnce | undefined; onDone: () => void }) {
  const styles = useStyles();
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    if (!shown) return;
    navigator.clipboard?.writeText(shown.value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const done = () => {
    setCopied(false);
    onDone();
  };
  return (
    <WhileOpen open={shown !== undefined}>
      <Dialog open modalType="alert">
        <DialogSurface>
          {shown && (
            <DialogBody>
              <DialogTitle>{shown.title}</DialogTitle>
              <DialogContent className={styles.content}>
                <span>{shown.sentence}</span>
                <div className={styles.row}>
                  <Field label={shown.label} className={styles.value}>
                    <Input
                      readOnly
                      value={shown.value}
                      className={styles.value}
                      onFocus={(event) => event.target.select()}
                    />
                  </Field>
                  <Button icon={<CopyRegular />} onClick={copy}>
                    {copied ? t('frame.copied') : t('frame.copy')}
                  </Button>
                </div>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={done}>
                  {t('frame.done')}
                </Button>
              </DialogActions>
            </DialogBody>
          )}
        </DialogSurface>
      </Dialog>
    </WhileOpen>
  );
}
