// The tourist profile panel (issue 34): a non-modal drawer over the dashboard, opened from the incident drawer,
// the GPS table or a map marker's card through ProfileOpenerContext, which this provider gives its children.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, type ReactNode } from 'react';
import { touristExportUrl } from '../../api/tourist-profile-client.ts';
import { touristProfileMachine } from '../../machines/touristProfileMachine.ts';
import { useMay } from '../session-actor.ts';
import { ProfileOpenerContext } from './ProfileOpener.tsx';
import { ContactsAndTrip, HistorySection, IdentitySection, WhereaboutsSection } from './ProfileSections.tsx';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type ProfileRef = ReturnType<typeof useActorRef<typeof touristProfileMachine>>;

function ConfirmEraseDialog({ profile }: { profile: ProfileRef }) {
  const t = useT();
  const confirming = useSelector(profile, (s) => s.matches({ open: 'confirmingErase' }));
  const touristId = useSelector(profile, (s) => s.context.touristId);
  return (
    <WhileOpen open={confirming}>
      <Dialog open onOpenChange={(_, data) => data.open || profile.send({ type: 'profile.cancel' })}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('profile.eraseTitle', { id: touristId })}</DialogTitle>
            <DialogContent>{t('profile.eraseText')}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => profile.send({ type: 'profile.confirm' })}>
                {t('profile.eraseConfirm')}
              </Button>
              <Button onClick={() => profile.send({ type: 'profile.cancel' })}>{t('profile.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </WhileOpen>
  );
}

function ProfileContent({ profile, onReplay }: { profile: ProfileRef; onReplay?: (touristId: string) => void }) {
  const styles = useStyles();
  const t = useT();
  const shown = useSelector(profile, (s) => s.context.profile);
  const error = useSelector(profile, (s) => s.context.error);
  const notice = useSelector(profile, (s) => s.context.notice);
  const busy = useSelector(profile, (s) => s.hasTag('busy'));
  const failed = useSelector(profile, (s) => s.matches({ open: 'failed' }));
  const mayExport = useMay('exportTouristData');
  const mayErase = useMay('eraseTourist');
  if (notice)
    return (
      <MessageBar intent="success">
        <MessageBarBody>{t(notice.id, notice.values)}</MessageBarBody>
      </MessageBar>
    );
  return (
    <div className={styles.body}>
      {busy && <Spinner size="small" label={shown ? t('profile.working') : t('profile.loading')} />}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {failed && <Button onClick={() => profile.send({ type: 'profile.retry' })}>{t('profile.retry')}</Button>}
      {shown && (
        <>
          <div className={styles.actions}>
            <Button size="small" onClick={() => profile.send({ type: 'profile.retry' })} disabled={busy}>
              {t('profile.refresh')}
            </Button>
            {onReplay && (
              <Button size="small" onClick={() => onReplay(shown.id)}>
                {t('profile.replay')}
              </Button>
            )}
            {mayExport && (
              <Link href={touristExportUrl(shown.id)} download>
                {t('profile.export')}
              </Link>
            )}
            {mayErase && (
              <Button size="small" onClick={() => profile.send({ type: 'profile.erase' })} disabled={busy}>
                {t('profile.erase')}
              </Button>
            )}
          </div>
          <IdentitySection profile={shown} />
          <ContactsAndTrip profile={shown} />
          <WhereaboutsSection profile={shown} />
          <HistorySection profile={shown} />
        </>
      )}
      <ConfirmEraseDialog profile={profile} />
    </div>
  );
}

export interface TouristProfileProviderProps {
  children: ReactNode;
  /** Where the profile's "Replay" goes (the main engineer wires the replay panel); absent: no Replay button. */
  onReplay?: (touristId: string) => void;
}

/** Gives its children `useOpenProfile()` and renders the panel, open on one tourist at a time. */
export function TouristProfileProvider({ children, onReplay }: TouristProfileProviderProps) {
  const t = useT();
  const profile = useActorRef(touristProfileMachine);
  const open = useSelector(profile, (s) => s.matches('open'));
  const touristId = useSelector(profile, (s) => s.context.touristId);
  const name = useSelector(profile, (s) => s.context.profile?.name);
  const openProfile = useCallback((id: string) => profile.send({ type: 'profile.open', touristId: id }), [profile]);
  const close = () => profile.send({ type: 'profile.close' });
  return (
    <ProfileOpenerContext.Provider value={openProfile}>
      {children}
      <WhileOpen open={open}>
        <OverlayDrawer
          open
          modalType="non-modal"
          position="end"
          size="medium"
          onOpenChange={(_, data) => data.open || close()}
        >
          <DrawerHeader>
            <DrawerHeaderTitle
              action={
                <Button appearance="subtle" aria-label={t('profile.close')} icon={<DismissRegular />} onClick={close} />
              }
            >
              {t('profile.title', { name: name ?? touristId ?? '' })}
            </DrawerHeaderTitle>
          </DrawerHeader>
          <DrawerBody>
            <ProfileContent profile={profile} onReplay={onReplay} />
          </DrawerBody>
        </OverlayDrawer>
      </WhileOpen>
    </ProfileOpenerContext.Provider>
  );
}
