/** Device heartbeats (who runs which version where) and the version check the client polls. */
import type { FastifyInstance } from 'fastify';
import { HeartbeatBody, type HeartbeatAnswer, type VersionInfo } from '../../../shared/api/monitoring.js';
import { APP_VERSION } from '../../../shared/constants.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';

export async function monitoringRoutes(app: FastifyInstance, { config, repositories }: AppDeps): Promise<void> {
  const devices = repositories.devices;

  app.post<{ Body: HeartbeatBody }>('/monitoring/heartbeat/', { schema: { body: HeartbeatBody }, config: { access: 'user' } }, async (request): Promise<HeartbeatAnswer> => {
    const b = request.body;
    const now = nowIso();
    await devices.upsert({
      installation_id: b.installation_id.trim(),
      user_id: currentUser(request).id,
      app_version: b.app_version.trim(),
      platform: b.platform,
      device_name: b.device_name.trim(),
      os_name: b.os_name.trim(),
      os_version: b.os_version.trim(),
      is_pwa: b.is_pwa ? 1 : 0,
      created_at: now,
      last_seen_at: now,
    });
    return { status: 'ok', server_time: now };
  });

  // Public: the client asks before and after signing in, and treats 401/403 as "no information".
  app.get('/monitoring/version/', { config: { access: 'public' } }, async (): Promise<VersionInfo> => ({
    latest_version: APP_VERSION,
    min_version: config.version.minVersion,
    force_update: config.version.forceUpdate,
    message: config.version.message,
  }));
}
