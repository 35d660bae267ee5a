// What bench/ingest.ts sends: 500 zones over Shillong, phones walking through them, and a keep-alive HTTP
// client light enough that the 50 phones do not take the server's CPU.
import { Agent, request } from 'node:http';
import type { GpsUpdateBody } from '../src/api/requests.ts';

export const ZONES = 500;
const CENTRE: [number, number] = [25.5788, 91.8933];
/** The zones tile a square this many degrees wide around the centre; the phones walk inside it. */
const AREA_DEGREES = 0.2;
const GRID = Math.ceil(Math.sqrt(ZONES));
const CELL = AREA_DEGREES / GRID;
const RISKS = ['red', 'yellow', 'green'] as const;

/** Octagons, one per grid cell and a little smaller than it, risk levels in turn. */
export function benchZones(): {
  id: string;
  name: string;
  riskLevel: string;
  regionId: string;
  polygon: [number, number][];
}[] {
  return Array.from({ length: ZONES }, (_, i) => {
    const lat = CENTRE[0] - AREA_DEGREES / 2 + (Math.floor(i / GRID) + 0.5) * CELL;
    const lng = CENTRE[1] - AREA_DEGREES / 2 + ((i % GRID) + 0.5) * CELL;
    const radius = CELL * 0.35;
    const polygon = Array.from({ length: 8 }, (_, k): [number, number] => [
      lat + radius * Math.sin((k * Math.PI) / 4),
      lng + radius * Math.cos((k * Math.PI) / 4),
    ]);
    return {
      id: `bench-zone-${i}`,
      name: `Bench zone ${i}`,
      riskLevel: RISKS[i % RISKS.length],
      regionId: 'shillong',
      polygon,
    };
  });
}

/**
 * A phone walking in a straight line across the area, a tenth of a cell per ping, so it enters and leaves
 * zones every few pings. Times go forward by `stepMs` from `startMs` (all in the past: the server dates a
 * future ping at its receive time, which would reorder them).
 */
export class Walker {
  private step = 0;
  constructor(
    readonly key: string,
    private readonly startMs: number,
    private readonly stepMs: number,
  ) {}

  next(): GpsUpdateBody {
    const seed = hash(this.key);
    const angle = (seed % 360) * (Math.PI / 180);
    const distance = (this.step * CELL) / 10;
    const span = AREA_DEGREES * 0.9;
    const wrap = (value: number) => (((value % span) + span) % span) - span / 2;
    const ping = {
      touristId: this.key,
      deviceId: `band-${this.key}`,
      latitude: CENTRE[0] + wrap(((seed >> 9) % 100) / 500 + distance * Math.sin(angle)),
      longitude: CENTRE[1] + wrap(((seed >> 17) % 100) / 500 + distance * Math.cos(angle)),
      at: new Date(this.startMs + this.step * this.stepMs).toISOString(),
    };
    this.step++;
    return ping;
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

export interface Answer {
  status: number;
  body: string;
  retryAfter?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** POST JSON over a kept-alive connection (node:http: a fraction of fetch's CPU per request). */
export function postJson(url: string, body: unknown): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            retryAfter: res.headers['retry-after'],
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export function closeClient(): void {
  agent.destroy();
}
