import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function peopleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
