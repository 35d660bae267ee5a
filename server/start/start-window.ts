// What answers while the store opens: the two panic routes, from the journal; /healthz, "starting"; every
// other route 503 with Retry-After. The same body rules and answers as once the store is open.
import { createServer, type IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { LogController, type FastifyRequest } from 'fastify';
import { MAX_BODY_BYTES } from '../../src/api/fields.ts';
import type { Config } from '../config.ts';
import { loadSigningKey } from '../did/signing-key.ts';
import { credentialOf, panicCaller } from '../http/device-identity.ts';
import { defineRoute } from '../http/route.ts';
import { installRequestBasics } from '../http/request-basics.ts';
import { BandPanicBody } from '../../src/api/device-sync-schemas.ts';
import { PanicAlertBody } from '../../src/api/requests.ts';
import { PanicAlertResponse } from '../../src/api/responses.ts';
import { idempotencyKeyOf } from '../http/idempotency-key.ts';
import { trustProxyOption } from '../http/trusted-proxies.ts';
import { bandPanicUnplaced } from '../ingest/band-panic.ts';
import { idempotencyClaim } from '../ingest/panic.ts';
import { parsePanicRequest } from '../ingest/panic-request.ts';
import type { PanicJournal } from '../db/panic-journal.ts';
import { JournalDesk } from '../ingest/journal-desk.ts';
import { reportingWrites } from '../ingest/journal-writes.ts';

import type { RequestHandler } from './front-door.ts';
import { loggerOptions } from '../log-output.ts';
import { monotonicMs } from '../domain/server-clock.ts';

export const STARTING_MESSAGE = 'The server is starting and its store is not open yet; retry in a second.';
const RETRY_AFTER = { 'Retry-After': '1' };
const PANIC_ROUTES = new Set(['/panic-alert', '/api/panic']);
const ANSWERED_DURING_START = new Set([...PANIC_ROUTES, '/healthz']);
/** A request still sending its body when the store takes over is waited for this long, then refused (503). */
const HANDOVER_WAIT_MS = 5000;

/** A panic's request, told from its first line: what must never be refused while the server starts. */
export function isPanicRequest(request: IncomingMessage): boolean {
  return request.method === 'POST' && PANIC_ROUTES.has((request.url ?? '').split('?')[0]);
}

export interface StartWindow {
  handler: RequestHandler;
  /** Waits for the requests it is answering (up to a bound), then closes. */
  close(): Promise<void>;
}

export async function openStartWindow(config: Config, startJournal: PanicJournal): Promise<StartWindow> {
  let handler: RequestHandler | undefined;
  const app = Fastify({
    logger: await loggerOptions(config),
    bodyLimit: MAX_BODY_BYTES,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    serverFactory: (handle) => {
      handler = handle;
      return createServer(); // never listens: the front door hands requests to `handler`
    },
  });
  const journal = new JournalDesk(reportingWrites(startJournal, app.log, config.dataDir));
  const key = loadSigningKey(config);
  const answering = new Set<FastifyRequest>();
  await installRequestBasics(app, config);
  app.addHook('onRequest', async (request, reply) => {
    if (!ANSWERED_DURING_START.has(request.routeOptions.url ?? ''))
      return reply.code(503).headers(RETRY_AFTER).send({ ok: false, error: STARTING_MESSAGE });
    answering.add(request);
    // Bindings of DIDs to tourists are in the store: a token that names no tourist is recorded unverified.
    request.deviceCredential = await credentialOf(key, request.headers.authorization, () => undefined);
  });
  app.addHook('onResponse', async (request) => void answering.delete(request));
  app.addHook('onRequestAbort', async (request) => void answering.delete(request));

  const panicContract = {
    method: 'POST' as const,
    tags: ['alerts'],
    access: 'device' as const,
    requestHeaders: ['Idempotency-Key' as const],
    bodyParsedBy: 'handler' as const,
    anyContentType: true,
    status: 201,
    response: PanicAlertResponse,
  };
  defineRoute(
    app,
    { ...panicContract, url: '/panic-alert', summary: 'Raise a panic alert', body: PanicAlertBody },
    async ({ request }) => {
      const parsed = parsePanicRequest(request.body);
      const { touristId, verification } = panicCaller(request, parsed.touristId);
      const panic = { ...parsed, touristId };
      const rawKey = idempotencyKeyOf(request);
      const claim = rawKey === undefined ? undefined : idempotencyClaim(rawKey, panic, request.ip, 'panic-alert');
      return journal.accept({ request: panic, origin: { source: 'panic', verification } }, claim);
    },
  );
  defineRoute(
    app,
    { ...panicContract, url: '/api/panic', summary: "A wristband's SOS", body: BandPanicBody },
    async ({ request }) => {
      const panic = bandPanicUnplaced(request.body ?? {}, (named) => panicCaller(request, named));
      const rawKey = idempotencyKeyOf(request);
      const claim =
        rawKey === undefined ? undefined : idempotencyClaim(rawKey, panic.request, request.ip, 'band-panic');
      return journal.accept({ request: panic.request, origin: panic.origin, band: panic.details }, claim);
    },
  );
  app.get('/healthz', { config: { access: 'public' as const } }, async (_request, reply) =>
    reply.code(503).headers(RETRY_AFTER).send({ ok: false, status: 'starting', error: STARTING_MESSAGE }),
  );
  await app.ready();

  return {
    handler: handler!,
    async close() {
      const deadline = monotonicMs() + HANDOVER_WAIT_MS;
      while (answering.size > 0 && monotonicMs() < deadline) await delay(5);
      journal.close();
      await app.close();
    },
  };
}
