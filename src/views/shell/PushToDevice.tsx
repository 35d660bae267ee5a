// "Push to this device" (issue 35 point 5): new panics and escalations reach this browser as notifications
// even with the console closed, for the regions chosen (none: all). In the top bar's popover on a desk, in
// the controls panel on a phone.
import {
  Button,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Popover,
  PopoverSurface,
  Switch,
  Text,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { PhoneVibrateRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { pushMachine } from '../../machines/pushMachine.ts';
import { DashboardActor } from '../dashboard-actor.ts';
import { en } from '../../i18n/catalogues/en.ts';
import { useT } from '../../i18n/useT.ts';
import { WhileOpen } from '../WhileOpen.tsx';

const useStyles = makeStyles({
  settings: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '320px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The English words, as tests look for them. */
export const PUSH_LABEL = en['frame.push'];

export function PushSettings() {
  const styles = useStyles();
  const t = useT();
  const actor = useActorRef(pushMachine);
  const on = useSelector(actor, (s) => s.matches('on') || s.matches('disabling'));
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.matches('reading'));
  const unavailable = useSelector(actor, (s) => s.matches('unavailable'));
  const error = useSelector(actor, (s) => s.context.error);
  const chosen = useSelector(actor, (s) => s.context.regionIds);
  const regions = DashboardActor.useSelector((s) => s.context.regions).map((region) => region.id);
  const [picked, setPicked] = useState<string[] | undefined>();
  const regionIds = picked ?? chosen;
  if (unavailable) return <Text>{t('frame.pushUnavailable')}</Text>;
  return (
    <div className={styles.settings}>
      <Switch
        label={t('frame.push')}
        checked={on}
        disabled={busy}
        onChange={(_, data) => actor.send(data.checked ? { type: 'push.enable', regionIds } : { type: 'push.disable' })}
      />
      <Field label={t('frame.pushOnlyFor')} hint={t('frame.pushOnlyForHint')}>
        <Dropdown
          multiselect
          placeholder={t('frame.everyRegion')}
          disabled={busy}
          value={regionIds.join(', ')}
          selectedOptions={regionIds}
          onOptionSelect={(_, data) => {
            setPicked(data.selectedOptions);
            if (on) actor.send({ type: 'push.regions', regionIds: data.selectedOptions });
          }}
        >
          {regions.map((region) => (
            <Option key={region}>{region}</Option>
          ))}
        </Dropdown>
      </Field>
      {error && (
        <Text role="alert" className={styles.error}>
          {error}
        </Text>
      )}
    </div>
  );
}

/** The top bar's entry: an icon that opens the settings (a PopoverTrigger would mount the popover closed: see WhileOpen). */
export function PushButton() {
  const t = useT();
  const label = t('frame.push');
  const [open, setOpen] = useState(false);
  const [button, setButton] = useState<HTMLElement | null>(null);
  const restoreFocusHere = useRestoreFocusTarget();
  return (
    <>
      <Button
        ref={setButton}
        {...restoreFocusHere}
        appearance="subtle"
        aria-label={label}
        title={label}
        aria-expanded={open}
        icon={<PhoneVibrateRegular />}
        onClick={() => setOpen(!open)}
      />
      <WhileOpen open={open}>
        <Popover open withArrow positioning={{ target: button }} onOpenChange={(_, data) => setOpen(data.open)}>
          <PopoverSurface aria-label={label}>
            <PushSettings />
          </PopoverSurface>
        </Popover>
      </WhileOpen>
    </>
  );
}
