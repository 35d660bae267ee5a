import type { Config } from '../config.ts';
import { startEscalationJob, type EscalationJob } from '../jobs/escalation.ts';
import { startRetentionJob, type RetentionJob } from '../jobs/retention.ts';
import { startWatchJob, type WatchJob } from '../jobs/watch-check.ts';
import { rootPlugin } from './root-plugin.ts';

/**
 * The retention, escalation and watch jobs: they start once the app is ready (they use its whole context) and are
 * the first thing to stop. preClose hooks run in the order they were added, so this plugin is registered
 * before the stream hub's: no job writes while the streams end.
 */
export const jobsPlugin = rootPlugin<{ config: Config }>(async (app, { config }) => {
  let jobs: (RetentionJob | EscalationJob | WatchJob)[] = [];
  app.addHook('onReady', async () => {
    jobs = [
      startRetentionJob(app.db, config, app.log),
      startEscalationJob(app.ctx, app.log),
      startWatchJob(app.ctx, app.log),
    ];
  });
  app.addHook('preClose', async () => {
    for (const job of jobs) await job.stop();
  });
});
