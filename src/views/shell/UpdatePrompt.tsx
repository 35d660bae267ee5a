// A new version of the console (issue 35): said, never applied on its own. The operator reloads when it suits
// them; while a panic is open the bar says the reload can wait.
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { registerServiceWorker, type AppUpdate } from '../../browser/app-update.ts';
import { useOpenPanics } from '../alarm/panic-watch.ts';
import { useT } from '../../i18n/useT.ts';

/** The worker fetches the whole shell when it installs: well after the console and its map have started. */
const REGISTER_AFTER_MS = 5_000;

let registration: AppUpdate | undefined | null = null;
const appUpdate = () => (registration === null ? (registration = registerServiceWorker()) : registration);

function afterStart(start: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(start, { timeout: 5_000 });
    else start();
  }, REGISTER_AFTER_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

export function UpdatePrompt() {
  const t = useT();
  const [ready, setReady] = useState(false);
  const panicsOpen = useOpenPanics().length > 0;
  useEffect(() => {
    let stopListening: (() => void) | undefined;
    const cancel = afterStart(() => (stopListening = appUpdate()?.onReady(() => setReady(true))));
    return () => {
      cancel();
      stopListening?.();
    };
  }, []);
  if (!ready) return null;
  return (
    <MessageBar intent="info" data-update-ready>
      <MessageBarBody>{panicsOpen ? t('frame.updateWaits') : t('frame.updateReady')}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => appUpdate()?.apply()}>{t('frame.reloadNow')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
