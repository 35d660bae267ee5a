import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

/** POSTs `body` as JSON over a kept-alive connection; answers the status and the response's text once it is read. */
export function postJsonAnswer(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** POSTs `body` as JSON over a kept-alive connection; answers the status once the response is read. */
export async function postJson(url: string, body: unknown): Promise<number> {
  return (await postJsonAnswer(url, body)).status;
}

/** Phones' pings as /gps/batch takes them, `count` from the `first`th, over `tourists` tourists, far from any zone (one stream frame each). */
export function gpsPings(first: number, count: number, tourists: number): object[] {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, n) => {
    const i = first + n;
    const tourist = i % tourists;
    return {
      touristId: `bench-tourist-${tourist}`,
      deviceId: `bench-device-${tourist}`,
      latitude: 10 + (tourist % 100) / 1000 + (i % 997) / 1e6,
      longitude: 10 + Math.floor(tourist / 100) / 1000,
      at: now,
    };
  });
}
