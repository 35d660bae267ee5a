// How the server's log reads: one JSON object per line where a program reads it (stdout is a pipe or a
// file: systemd, docker, a log collector), a readable line per entry on a terminal (`npm start` by hand).
// LOG_FORMAT=pretty or json decides instead.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

type LogSettings = Pick<Config, 'logLevel' | 'logFormat'>;

export const logIsPretty = (format: LogSettings['logFormat'], stdoutIsTerminal: boolean): boolean =>
  format === 'pretty' || (format === 'auto' && stdoutIsTerminal);

/** Fastify's `logger` option for these settings; pino-pretty is loaded only when it is used. */
export async function loggerOptions(
  settings: LogSettings,
  stdoutIsTerminal = process.stdout.isTTY === true,
): Promise<FastifyServerOptions['logger']> {
  if (!logIsPretty(settings.logFormat, stdoutIsTerminal)) return { level: settings.logLevel };
  const { default: pretty } = await import('pino-pretty');
  // In this thread rather than pino's transport worker, which a bundled server cannot find; written at once,
  // so the last lines before process.exit are not lost.
  const stream = pretty({
    sync: true,
    colorize: stdoutIsTerminal,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return { level: settings.logLevel, stream };
}
