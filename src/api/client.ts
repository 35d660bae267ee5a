// Typed client for the backend (../../shared/API.md), same origin. A response is usable only when
// `ok` is true and the expected field is present (SPEC §5); anything else is an ApiError.
import type { z } from 'zod';
import { AuditResponse, AuditVerifyResponse } from './audit.ts';
import { AuthSettingsResponse, LoginResponse, MeResponse } from './auth.ts';
import type { DeviceEvent, DidAnchor, Geofence, GpsHistory, GpsPing, Incident, Region } from './entities.ts';
import type { IncidentStatus } from './fields.ts';
import type { GeofenceBody, IncidentStatusBody, PanicAlertBody } from './requests.ts';
import { IncidentResponse, type DbModeResponse, type SafetyCreditResponse } from './responses.ts';
import { takeEarly } from './early-response.ts';
import { IncidentListReader } from './incident-list.ts';
import { nextAsk, reportAnswer } from './store-health.ts';
import { StreamMessage } from './stream.ts';
import { buildUrl, incidentsUrl, SESSION_URL, type IncidentFilter } from './urls.ts';

export type { IncidentFilter };

/** The whole safety-credit answer: the box shows `score`, the breakdown dialog shows everything. */
export type SafetyCredit = z.infer<typeof SafetyCreditResponse>;
type DbMode = z.infer<typeof DbModeResponse>['mode'];
/** A geofence to create, as the request body (optional fields may be left out). */
export type NewGeofence = z.input<typeof GeofenceBody>;

const UNEXPECTED_RESPONSE = 'Unexpected server response';
const INCIDENTS_LOAD_FAILED = 'Failed to load incidents';
const STATUS_FETCH_LIMIT = 50;
const EVENTS_FETCH_LIMIT = 20;
export const STREAM_PATH = '/panic-alerts/stream';

/** A failed call; `serverError` is the backend's own `error` sentence when it sent one. */
export class ApiError extends Error {
  readonly serverError: string | undefined;
  /** The HTTP status, when the backend answered at all. */
  readonly status: number | undefined;
  constructor(message: string, serverError?: string, status?: number) {
    super(message);
    this.name = 'ApiError';
    this.serverError = serverError;
    this.status = status;
  }
}

/** The backend refused the call for want of a signed-in operator (401). */
export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

const unauthorizedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever an operator request answers 401: the session has ended on the server.
 * The sign-in calls themselves (/auth/*) are not operator requests. Returns the unsubscribe.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** SPEC §8: the server's error field, else the error message, else 'Failed to load incidents'. */
export function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  if (error instanceof Error && error.message) return error.message;
  return INCIDENTS_LOAD_FAILED;
}

/** SPEC §8 seeding failure: the server's error or the message. */
export function serverErrorOrMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  return error instanceof Error ? error.message : String(error);
}

type Body = Record<string, unknown>;
type FieldCheck = (value: unknown) => boolean;

const isArray: FieldCheck = Array.isArray;
const isNumber: FieldCheck = (value) => typeof value === 'number' && Number.isFinite(value);
const isString: FieldCheck = (value) => typeof value === 'string';
const isObject: FieldCheck = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPresent: FieldCheck = (value) => value !== undefined;

async function readBody(response: Response): Promise<Body | undefined> {
  try {
    const body: unknown = await response.json();
    return isObject(body) ? (body as Body) : undefined;
  } catch {
    return undefined;
  }
}

async function respond(path: string, init?: RequestInit): Promise<{ response: Response; body: Body | undefined }> {
  const ask = nextAsk();
  const response = await ((init === undefined && takeEarly(path)) || fetch(path, init));
  if (response.status === 401 && !path.startsWith('/auth/')) for (const listener of unauthorizedListeners) listener();
  const body = await readBody(response);
  reportAnswer(ask, { path, method: init?.method ?? 'GET' }, response, body);
  return { response, body };
}

function failure(response: Response, body: Body | undefined): ApiError {
  const serverError = typeof body?.error === 'string' && body.error ? body.error : undefined;
  return new ApiError(serverError ?? UNEXPECTED_RESPONSE, serverError, response.status);
}

async function call(path: string, init?: RequestInit): Promise<Body> {
  const { response, body } = await respond(path, init);
  if (body?.ok === true) return body;
  throw failure(response, body);
}

/** A call whose answer is checked against its contract schema. */
export async function parsed<T>(schema: z.ZodType<T>, path: string, init?: RequestInit): Promise<T> {
  const result = schema.safeParse(await call(path, init));
  if (!result.success) throw new ApiError(UNEXPECTED_RESPONSE);
  return result.data;
}

async function getField<T>(path: string, field: string, check: FieldCheck): Promise<T> {
  const body = await call(path);
  if (!check(body[field])) throw new ApiError(UNEXPECTED_RESPONSE);
  return body[field] as T;
}

export const jsonPost = (payload: object): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});

async function post(path: string, payload: object): Promise<Body> {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

const incidentLists = new IncidentListReader(
  (url) => call(url),
  () => new ApiError(UNEXPECTED_RESPONSE),
);

/** `whole`: not only what changed since the last answer (see incident-list.ts). */
export const fetchIncidents = (filter: IncidentFilter, options: { whole?: boolean } = {}): Promise<Incident[]> =>
  incidentLists.read(incidentsUrl(filter), options);

/** The latest incidents' statuses, keyed by id (the "status map"). */
export async function fetchIncidentStatuses(): Promise<Record<string, IncidentStatus>> {
  const incidents = await getField<Pick<Incident, 'id' | 'status'>[]>(
    buildUrl('/incidents', { limit: STATUS_FETCH_LIMIT }),
    'incidents',
    isArray,
  );
  return Object.fromEntries(incidents.map((incident) => [incident.id, incident.status]));
}

export const fetchGeofences = () => getField<Geofence[]>('/geofences', 'geofences', isArray);

export const fetchSafetyScore = (regionId: string) =>
  getField<number>(buildUrl('/safety-score', { regionId }), 'score', isNumber);

export async function fetchSafetyCredit(regionId: string, placeId?: string): Promise<SafetyCredit> {
  const body = await call(buildUrl('/safety-credit', { regionId, placeId }));
  if (!isNumber(body.score)) throw new ApiError(UNEXPECTED_RESPONSE);
  return body as SafetyCredit;
}

export const fetchAnchors = () => getField<DidAnchor[]>('/did/anchors', 'anchors', isArray);
export const fetchLastPings = () => getField<GpsPing[]>('/gps/last', 'pings', isArray);
export const fetchGpsHistory = () => getField<GpsHistory>('/gps/history', 'history', isObject);
export const fetchRegions = () => getField<Region[]>('/regions', 'regions', isArray);
export const fetchDbMode = () => getField<DbMode>('/db-mode', 'mode', isString);
export const fetchEvents = () =>
  getField<DeviceEvent[]>(buildUrl('/events', { limit: EVENTS_FETCH_LIMIT }), 'events', isArray);

/** An empty note is no note: the field is left out. */
export const withNote = (note: string | undefined) => (note?.trim() ? { note: note.trim() } : {});

export const acknowledgeIncident = (id: string, note?: string): Promise<Incident> =>
  parsed(
    IncidentResponse,
    '/incidents/acknowledge',
    jsonPost({ id, ...withNote(note) } satisfies IncidentStatusBody),
  ).then((answer) => answer.incident);
export const resolveIncident = (id: string, note?: string): Promise<Incident> =>
  parsed(IncidentResponse, '/incidents/resolve', jsonPost({ id, ...withNote(note) } satisfies IncidentStatusBody)).then(
    (answer) => answer.incident,
  );

/** The operator's test alert (an operator route, audited), answered like a panic. */
export const sendTestAlert = (latitude: number, longitude: number) =>
  post('/incidents/test-alert', { latitude, longitude } satisfies z.input<typeof PanicAlertBody>).then((body) =>
    requireField(body, 'alert'),
  );

export const createGeofence = (geofence: NewGeofence) =>
  post('/geofences', geofence).then((body) => requireField(body, 'geofence'));

/** The CSV download; unlike the filter call it always names both, as the export link always did. */
export const exportUrl = ({ regionId, windowMinutes }: IncidentFilter) =>
  buildUrl('/incidents/export', { regionId, minutes: windowMinutes });

// ---------- Sign-in (issue 10) ----------

export type AuthSettings = Pick<AuthSettingsResponse, 'signInRequired' | 'sso'>;
export type Session = Pick<MeResponse, 'user' | 'signInRequired' | 'mustChangePassword'>;
/** Who signed in, and whether a temporary password must be replaced first (issue 31). */
export type SignedIn = Pick<z.infer<typeof LoginResponse>, 'user' | 'mustChangePassword'>;

/** Who is signed in; a 401 (ApiError, isUnauthorized) when sign-in is required and nobody is. */
export const fetchSession = (): Promise<Session> => parsed(MeResponse, SESSION_URL);

export const fetchAuthSettings = (): Promise<AuthSettings> => parsed(AuthSettingsResponse, '/auth/settings');

export const signIn = (username: string, password: string): Promise<SignedIn> =>
  parsed(LoginResponse, '/auth/login', jsonPost({ username, password })).then(({ user, mustChangePassword }) => ({
    user,
    mustChangePassword,
  }));

export const signOut = (): Promise<unknown> => call('/auth/logout', jsonPost({}));

// ---------- Audit trail (issue 10) ----------

export interface AuditFilter {
  actor: string;
  action: string;
}
export type AuditPage = Pick<z.infer<typeof AuditResponse>, 'entries' | 'nextBefore'>;

/** One page of the trail, newest first; `before` asks for the page older than that entry. */
export const fetchAuditPage = ({ actor, action }: AuditFilter, before?: number): Promise<AuditPage> =>
  parsed(AuditResponse, buildUrl('/audit', { actor: actor.trim(), action: action.trim(), before }));

/** The chain's verdict: intact with its length, or broken with the server's sentence naming the entry. */
export interface AuditVerdict {
  intact: boolean;
  length: number;
  error: string | undefined;
}

export async function verifyAuditTrail(): Promise<AuditVerdict> {
  // A broken chain answers `ok: false` with the verdict: an answer, not a failed call.
  const { response, body } = await respond('/audit/verify');
  const verdict = AuditVerifyResponse.safeParse(body);
  if (!response.ok || !verdict.success || (!verdict.data.ok && !verdict.data.error)) throw failure(response, body);
  return { intact: verdict.data.ok, length: verdict.data.length, error: verdict.data.error };
}

function requireField(body: Body, field: string): Body {
  if (!isPresent(body[field])) throw new ApiError(UNEXPECTED_RESPONSE);
  return body;
}

/**
 * The field that carries each stream message's payload (`gps` → `ping`, `incident_note` → `entry`), read from
 * the contract: the first field after `type` that holds an object or a list.
 */
const streamFields = Object.fromEntries(
  StreamMessage.options.map((option) => [
    option.shape.type.value,
    Object.entries(option.shape).find(
      ([key, field]) => key !== 'type' && ['object', 'array'].includes(field.def.type),
    )?.[0],
  ]),
) as Record<StreamMessage['type'], string>;

/** One `data:` line of the live stream, or undefined when it is not a message the dashboard knows. */
export function parseStreamMessage(data: string): StreamMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const message = value as Body;
  // A zone written carries it, a zone deleted only its id: the one message with two shapes.
  if (message.type === 'geofence_update')
    return isObject(message.geofence) || isString(message.deletedId)
      ? (message as unknown as StreamMessage)
      : undefined;
  const field = streamFields[message.type as StreamMessage['type']];
  if (!field || (!isObject(message[field]) && !isArray(message[field]))) return undefined;
  // A note names its incident beside the payload: without it there is nothing to attach the note to.
  if (message.type === 'incident_note' && !isString(message.incidentId)) return undefined;
  return message as unknown as StreamMessage;
}
