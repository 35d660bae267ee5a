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
  Select,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { ROLES, type Role } from '../../api/roles.ts';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A new account's name and role; the server chooses its temporary password. */
export function CreateAccountDialog({
  open,
  onCreate,
  onCancel,
}: {
  open: boolean;
  onCreate: (username: string, role: Role) => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const t = useT();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('operator');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate(username.trim(), role);
    setUsername('');
  };
  return (
    <WhileOpen open={open}>
      <Dialog open onOpenChange={(_, data) => !data.open && onCancel()}>
        <DialogSurface>
          <form onSubmit={submit} aria-label={t('accounts.new')}>
            <DialogBody>
              <DialogTitle>{t('accounts.new')}</DialogTitle>
              <DialogContent className={styles.form}>
                <Field label={t('accounts.username')} required>
                  <Input value={username} onChange={(_, data) => setUsername(data.value)} autoComplete="off" />
                </Field>
                <Field label={t('accounts.role')}>
                  <Select value={role} onChange={(_, data) => setRole(data.value as Role)}>
                    {ROLES.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </Select>
                </Field>
              </DialogContent>
              <DialogActions>
                <Button appearance="primary" type="submit">
                  {t('accounts.create')}
                </Button>
                <Button type="button" onClick={onCancel}>
                  {t('accounts.cancel')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </WhileOpen>
  );
}
