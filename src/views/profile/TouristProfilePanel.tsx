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

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type ProfileRef = ReturnType<typeof useActorRef<typeof touristProfileMachine>>;

function ConfirmEraseDialog({ profile }: { profile: ProfileRef }) {
  const confirming = useSelector(profile, (s) => s.matches({ open: 'confirmingErase' }));
  const touristId = useSelector(profile, (s) => s.context.touristId);
  return (
    <Dialog open={confirming} onOpenChange={(_, data) => data.open || profile.send({ type: 'profile.cancel' })}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{`Erase tourist ${touristId}?`}</DialogTitle>
          <DialogContent>
            Their profile, devices, positions and device events are deleted for good; their incidents stay, with the person
            replaced by an anonymous id. Export their data first if it is asked for.
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => profile.send({ type: 'profile.confirm' })}>
              Erase
            </Button>
            <Button onClick={() => profile.send({ type: 'profile.cancel' })}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function ProfileContent({ profile, onReplay }: { profile: ProfileRef; onReplay?: (touristId: string) => void }) {
  const styles = useStyles();
  const shown = useSelector(profile, (s) => s.context.profile);
  const error = useSelector(profile, (s) => s.context.error);
  const notice = useSelector(profile, (s) => s.context.notice);
  const busy = useSelector(profile, (s) => s.hasTag('busy'));
  const failed = useSelector(profile, (s) => s.matches({ open: 'failed' }));
  const mayExport = useMay('exportTouristData');
  const mayErase = useMay('eraseTourist');
  if (notice) return <MessageBar intent="success"><MessageBarBody>{notice}</MessageBarBody></MessageBar>;
  return (
    <div className={styles.body}>
      {busy && <Spinner size="small" label={shown ? 'Working…' : 'Loading profile…'} />}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {failed && <Button onClick={() => profile.send({ type: 'profile.retry' })}>Retry</Button>}
      {shown && (
        <>
          <div className={styles.actions}>
            <Button size="small" onClick={() => profile.send({ type: 'profile.retry' })} disabled={busy}>
              Refresh
            </Button>
            {onReplay && (
              <Button size="small" onClick={() => onReplay(shown.id)}>
                Replay
              </Button>
            )}
            {mayExport && (
              <Link href={touristExportUrl(shown.id)} download>
                Export data
              </Link>
            )}
            {mayErase && (
              <Button size="small" onClick={() => profile.send({ type: 'profile.erase' })} disabled={busy}>
                Erase tourist
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
  const profile = useActorRef(touristProfileMachine);
  const open = useSelector(profile, (s) => s.matches('open'));
  const touristId = useSelector(profile, (s) => s.context.touristId);
  const name = useSelector(profile, (s) => s.context.profile?.name);
  const openProfile = useCallback((id: string) => profile.send({ type: 'profile.open', touristId: id }), [profile]);
  const close = () => profile.send({ type: 'profile.close' });
  return (
    <ProfileOpenerContext.Provider value={openProfile}>
      {children}
      <OverlayDrawer open={open} modalType="non-modal" position="end" size="medium" onOpenChange={(_, data) => data.open || close()}>
        <DrawerHeader>
          <DrawerHeaderTitle action={<Button appearance="subtle" aria-label="Close profile" icon={<DismissRegular />} onClick={close} />}>
            {`Tourist ${name ?? touristId ?? ''}`}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>{open && <ProfileContent profile={profile} onReplay={onReplay} />}</DrawerBody>
      </OverlayDrawer>
    </ProfileOpenerContext.Provider>
  );
}
