// The page's first requests (who is signed in, then the table's incidents), asked for as its code starts
// to run: the session's and the dashboard's actors start only once React has rendered and painted the page
// around them, a few hundred milliseconds later, and with 10,000 incidents that wait came on top of the
// server's answer (issue 12). The call that follows takes the answer once. Whatever the stream brings
// meanwhile is not lost: its snapshot on connecting makes the dashboard load the incidents again, as it
// does after every reconnection.

/** Older than this, an early answer is not used: the operator spent that long signing in, say. */
export const EARLY_RESPONSE_FRESH_MS = 10_000;

const early = new Map<string, { askedAt: number; response: Promise<Response> }>();

/** Asks for `url` now; answers the response, for a request that must wait for this one's answer. */
export function askEarly(url: string): Promise<Response> {
  const response = fetch(url);
  response.catch(() => {}); // a failure is only reported to the call that takes it, and then asked again
  early.set(url, { askedAt: performance.now(), response });
  return response;
}

/**
 * The early answer for `url`, once, while fresh; undefined otherwise. Any answer is the answer (a 401 says
 * nobody is signed in); a request that failed is asked for again.
 */
export function takeEarly(url: string): Promise<Response> | undefined {
  const taken = early.get(url);
  if (!taken) return undefined;
  early.delete(url);
  if (performance.now() - taken.askedAt > EARLY_RESPONSE_FRESH_MS) return undefined;
  return taken.response.catch(() => fetch(url));
}
