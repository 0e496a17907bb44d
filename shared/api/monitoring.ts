/** Device heartbeats and the version check. */
import { Type, type Static } from '@sinclair/typebox';

export const HeartbeatBody = Type.Object({
  installation_id: Type.String({ minLength: 8, maxLength: 128 }),
  app_version: Type.String({ minLength: 1, maxLength: 32 }),
  /** An enum (not a union of literals) so a wrong value gets one "Not a valid choice" message. */
  platform: Type.Unsafe<'web' | 'pwa'>(Type.String({ enum: ['web', 'pwa'] })),
  /** The three device descriptions may be empty when the browser does not tell. */
  device_name: Type.String({ maxLength: 255 }),
  os_name: Type.String({ maxLength: 255 }),
  os_version: Type.String({ maxLength: 255 }),
  is_pwa: Type.Boolean(),
});
export type HeartbeatBody = Static<typeof HeartbeatBody>;

export interface HeartbeatAnswer {
  status: 'ok';
  /** ISO-8601 */
  server_time: string;
}

export interface VersionInfo {
  latest_version: string;
  min_version: string | null;
  force_update: boolean;
  message: string | null;
}
