// A start through the front door: the socket listens and the start window takes panics before the rest
// of the server is even loaded; once the app is built, what the window took is stored and announced.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Server } from '../app.ts';
import type { Config } from '../config.ts';
import { acquireDirectoryLock, type ReleaseLock } from '../db/directory-lock.ts';
import { openPanicJournal, type PanicJournal } from '../db/panic-journal.ts';
import { openFrontDoor } from './front-door.ts';
import { isPanicRequest, openStartWindow, type StartWindow } from './start-window.ts';

/** The start window's journal, in DATA_DIR: the embedded store's own, or one per port beside PostgreSQL. */
async function openStartJournal(config: Config, port: number): Promise<PanicJournal> {
  if (!config.databaseUrl) return openPanicJournal(config.dataDir, join(config.dataDir, 'pglite'));
  return openPanicJournal(config.dataDir, undefined, `panic-journal-postgres-${port}`);
}

const COULD_NOT_START = JSON.stringify({ ok: false, error: 'The server could not start; retry in a moment.' });

/**
 * Listens at once: while the store opens, panics are answered from the journal and every other route 503
 * (server/start/start-window.ts); once the app is ready, what the window took is stored and announced,
 * and the app answers everything. A start that fails at any step leaves nothing open.
 */
export async function startServer(
  config: Config,
  address: { port: number; host: string },
): Promise<Server & { url: string }> {
  const door = await openFrontDoor({ ...address, alwaysHeld: isPanicRequest });
  let heldLock: ReleaseLock | undefined;
  let journal: PanicJournal | undefined;
  let window: StartWindow | undefined;
  try {
    if (!config.databaseUrl) {
      mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
      heldLock = once(await acquireDirectoryLock(config.dataDir));
    }
    journal = await openStartJournal(config, (door.server.address() as AddressInfo).port);
    window = await openStartWindow(config, journal);
    door.use(window.handler);
    // The rest of the server is parsed only now, while the window already takes panics.
    const { buildServer } = await import('../app.ts');
    const server = await buildServer(config, { door, startJournal: journal, heldLock });
    door.use(undefined);
    await window.close();
    await server.app.catchUpStartWindow(server.ctx.write).catch(async (error: unknown) => {
      await server.close().catch(() => {});
      throw error;
    });
    door.use(server.handler!);
    return { ...server, url: door.url };
  } catch (error) {
    door.use((_request, response) =>
      response
        .writeHead(503, { 'content-type': 'application/json', connection: 'close', 'retry-after': '1' })
        .end(COULD_NOT_START),
    );
    await window?.close().catch(() => {});
    await journal?.close().catch(() => {});
    await heldLock?.().catch(() => {});
    door.server.closeAllConnections();
    await door.close();
    throw error;
  }
}

/** Calls `release` once, however often it is asked to. */
function once(release: ReleaseLock): ReleaseLock {
  let released: Promise<void> | undefined;
  return () => (released ??= release());
}
