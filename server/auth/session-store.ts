import type { SessionStore } from '@fastify/session';
import type { Database } from '../db/seam.ts';
import { deleteSession, readSession, writeSession, type StoredSession } from '../stores/operator-sessions.ts';

type Callback = (error?: unknown) => void;

/** @fastify/session's store over the database: sessions survive restarts and are shared by every server. */
export function databaseSessionStore(db: Database, sessionHours: number): SessionStore {
  const fallbackExpiry = (): Date => new Date(Date.now() + sessionHours * 3_600_000);
  return {
    set(sessionId: string, session: unknown, callback: Callback) {
      const data = JSON.parse(JSON.stringify(session)) as StoredSession & { cookie?: { expires?: string } };
      const expires = data.cookie?.expires ? new Date(data.cookie.expires) : fallbackExpiry();
      writeSession(db, sessionId, data, expires).then(() => callback(), callback);
    },
    get(sessionId: string, callback: (error: unknown, session?: unknown) => void) {
      readSession(db, sessionId).then(
        (session) => callback(null, session ?? null),
        (error) => callback(error),
      );
    },
    destroy(sessionId: string, callback: Callback) {
      deleteSession(db, sessionId).then(() => callback(), callback);
    },
  } as SessionStore;
}
