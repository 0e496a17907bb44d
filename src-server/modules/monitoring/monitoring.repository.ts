import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DevicesTable } from '../../db/schema.js';

export type DeviceRow = Selectable<DevicesTable>;

export class DevicesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One row per installation: the first heartbeat creates it, later ones refresh it (whoever is signed in now). */
  async upsert(values: Insertable<DevicesTable>): Promise<void> {
    await this.db
      .insertInto('devices')
      .values(values)
      .onConflict((oc) =>
        oc.column('installation_id').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          app_version: eb.ref('excluded.app_version'),
          platform: eb.ref('excluded.platform'),
          device_name: eb.ref('excluded.device_name'),
          os_name: eb.ref('excluded.os_name'),
          os_version: eb.ref('excluded.os_version'),
          is_pwa: eb.ref('excluded.is_pwa'),
          last_seen_at: eb.ref('excluded.last_seen_at'),
        })),
      )
      .execute();
  }

  findByInstallation(installationId: string): Promise<DeviceRow | undefined> {
    return this.db.selectFrom('devices').selectAll().where('installation_id', '=', installationId).executeTakeFirst();
  }
}
