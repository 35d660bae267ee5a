import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function gpsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
