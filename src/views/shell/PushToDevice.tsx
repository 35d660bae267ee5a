// "Push to this device" (issue 35 point 5): new panics and escalations reach this browser as notifications
// even with the console closed, for the regions chosen (none: all). In the top bar's popover on a desk, in
// the controls panel on a phone.
import { Button, Dropdown, Field, makeStyles, Option, Popover, PopoverSurface, PopoverTrigger, Switch, Text, tokens } from '@fluentui/react-components';
import { PhoneVibrateRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { pushMachine } from '../../machines/pushMachine.ts';
import { DashboardActor } from '../dashboard-actor.ts';

const useStyles = makeStyles({
  settings: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '320px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export const PUSH_LABEL = 'Push to this device';

const UNAVAILABLE = 'This browser cannot receive push messages here (it needs https, a service worker and notifications allowed).';

export function PushSettings() {
  const styles = useStyles();
  const actor = useActorRef(pushMachine);
  const on = useSelector(actor, (s) => s.matches('on') || s.matches('disabling'));
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.matches('reading'));
  const unavailable = useSelector(actor, (s) => s.matches('unavailable'));
  const error = useSelector(actor, (s) => s.context.error);
  const chosen = useSelector(actor, (s) => s.context.regionIds);
  const regions = DashboardActor.useSelector((s) => s.context.regions).map((region) => region.id);
  const [picked, setPicked] = useState<string[] | undefined>();
  const regionIds = picked ?? chosen;
  if (unavailable) return <Text>{UNAVAILABLE}</Text>;
  return (
    <div className={styles.settings}>
      <Switch
        label={PUSH_LABEL}
        checked={on}
        disabled={busy}
        onChange={(_, data) => actor.send(data.checked ? { type: 'push.enable', regionIds } : { type: 'push.disable' })}
      />
      <Field label="Push only for" hint="The regions to push; none chosen: every region.">
        <Dropdown
          multiselect
          placeholder="Every region"
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

/** The top bar's entry: an icon that opens the settings. */
export function PushButton() {
  return (
    <Popover withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" aria-label={PUSH_LABEL} title={PUSH_LABEL} icon={<PhoneVibrateRegular />} />
      </PopoverTrigger>
      <PopoverSurface aria-label={PUSH_LABEL}>
        <PushSettings />
      </PopoverSurface>
    </Popover>
  );
}
