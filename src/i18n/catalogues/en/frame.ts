// The frame around the views: the parts loaded on demand, push to this device, a new version, a view that
// failed and started again, a secret shown once, the store away.
export const frame = {
  'frame.loadingAudit': 'Loading the audit trail…',
  'frame.loadingZones': 'Loading the zones…',
  'frame.loadingVerify': 'Loading Verify tourist…',
  'frame.loadingAccounts': 'Loading the accounts…',
  'frame.loadingRegions': 'Loading the regions…',
  'frame.loadingWebhooks': 'Loading the webhooks…',
  'frame.push': 'Push to this device',
  'frame.pushUnavailable':
    'This browser cannot receive push messages here (it needs https, a service worker and notifications allowed).',
  'frame.pushOnlyFor': 'Push only for',
  'frame.pushOnlyForHint': 'The regions to push; none chosen: every region.',
  'frame.everyRegion': 'Every region',
  'frame.updateReady': 'A new version of the console is ready.',
  'frame.updateWaits':
    'A new version of the console is ready. It waits until you reload: handle the open panics first.',
  'frame.reloadNow': 'Reload now',
  'frame.storeDown': 'The database has been unavailable since {time}.',
  'frame.storeDownMeanwhile':
    'New panics are still being taken and appear here as they come; some may appear only when it is back. What you see may be out of date.',
  'frame.stopped': 'The console stopped after repeated errors',
  'frame.reload': 'Reload',
  'frame.restarted': 'The console hit an error and started again',
  'frame.dismiss': 'Dismiss',
  'frame.copy': 'Copy',
  'frame.copied': 'Copied',
  'frame.done': 'Done',
} as const;
