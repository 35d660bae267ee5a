// The pause's end (two hours, 07:00 the coming morning on the region's clock, or a chosen date-time) and its
// reason (a preset or typed; required). The form is the dialog's own until it is sent: the statechart hears
// only the finished request, checked by the rule in src/domain.
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
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import {
  nextMorning,
  pauseEndText,
  pauseRequest,
  REASON_PRESETS,
  SHORT_PAUSE_S,
  wallClockValue,
  type PauseForm,
  type ReasonChoice,
  type UntilChoice,
} from '../../domain/watch-pause.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Shown only while open: each opening starts from the presets. */
export interface PauseWatchDialogProps {
  busy: boolean;
  /** The server's sentence when it refused the pause. */
  error: string | undefined;
  timeZone: string;
  onPause: (request: { until: string; reason: string }) => void;
  onCancel: () => void;
}

/** The presets' words on screen; the reason sent is the preset itself (the server's record stays in English). */
const PRESET_LABELS: Record<(typeof REASON_PRESETS)[number], MessageId> = {
  'Checked in at a hotel': 'incident.pause.hotel',
  'Phone left charging': 'incident.pause.charging',
};

const emptyForm = (): PauseForm => ({ until: 'twoHours', chosen: '', reason: REASON_PRESETS[0], otherReason: '' });

export function PauseWatchDialog({ busy, error, timeZone, onPause, onCancel }: PauseWatchDialogProps) {
  const styles = useStyles();
  const t = useT();
  const [form, setForm] = useState(emptyForm);
  const [problem, setProblem] = useState<string>();
  const change = (changes: Partial<PauseForm>) => {
    setForm((current) => ({ ...current, ...changes }));
    setProblem(undefined);
  };
  const now = new Date();
  const submit = () => {
    const request = pauseRequest(form, new Date(), timeZone, t);
    if ('error' in request) setProblem(request.error);
    else onPause(request);
  };
  const shown = problem ?? error;
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !busy && onCancel()}>
      <DialogSurface aria-label={t('incident.pauseWatching')}>
        <DialogBody>
          <DialogTitle>{t('incident.pauseWatching')}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={t('incident.pause.until', { zone: timeZone })}>
              <RadioGroup value={form.until} onChange={(_, data) => change({ until: data.value as UntilChoice })}>
                <Radio value="twoHours" label={t('incident.pause.forHours', { hours: SHORT_PAUSE_S / 3600 })} />
                <Radio
                  value="morning"
                  label={t('incident.pause.morning', {
                    time: pauseEndText(nextMorning(now, timeZone).toISOString(), now, timeZone),
                  })}
                />
                <Radio value="chosen" label={t('incident.pause.chosen')} />
              </RadioGroup>
            </Field>
            {form.until === 'chosen' && (
              <Field label={t('incident.pause.endsAt')}>
                <Input
                  type="datetime-local"
                  value={form.chosen}
                  min={wallClockValue(now, timeZone)}
                  onChange={(_, data) => change({ chosen: data.value })}
                />
              </Field>
            )}
            <Field label={t('incident.pause.reason')} required>
              <RadioGroup value={form.reason} onChange={(_, data) => change({ reason: data.value as ReasonChoice })}>
                {REASON_PRESETS.map((preset) => (
                  <Radio key={preset} value={preset} label={t(PRESET_LABELS[preset])} />
                ))}
                <Radio value="other" label={t('incident.pause.another')} />
              </RadioGroup>
            </Field>
            {form.reason === 'other' && (
              <Field label={t('incident.pause.other')} required>
                <Input
                  value={form.otherReason}
                  maxLength={500}
                  onChange={(_, data) => change({ otherReason: data.value })}
                />
              </Field>
            )}
            {shown && (
              <MessageBar intent="error">
                <MessageBarBody>{shown}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={submit}>
              {busy ? t('incident.pause.pausing') : t('incident.pause.pause')}
            </Button>
            <Button disabled={busy} onClick={onCancel}>
              {t('incident.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
