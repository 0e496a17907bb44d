import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.js';

export async function washesRoutes(_api: FastifyInstance, _deps: AppDeps): Promise<void> {
  // Routes of this area are added here.
}
