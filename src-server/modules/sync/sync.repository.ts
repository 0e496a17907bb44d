/**
 * The working set a device keeps, as ids in pages (the first sync reads them area by area, in id
 * order): every location, task, asset and vendor; the parts and chemicals of the configured sites;
 * every work order not completed, and those completed since a given time; every meter; requests
 * from labels waiting for a decision, and those decided since that same time.
 */
import type { Kysely } from 'kysely';
import type { SiteCapabilities } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { SyncedArea } from '../../../shared/api/sync.js';

export class SyncRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly site: SiteCapabilities,
  ) {}

  /** Up to `limit` ids of `area`'s working set above `after`, ascending. */
  async workingSetIds(area: SyncedArea, after: number, limit: number, completedSince: string): Promise<number[]> {
    const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));
    switch (area) {
      case 'workorders':
        return ids(
          await this.db
            .selectFrom('work_orders')
            .select('id')
            .where('id', '>', after)
            .where((eb) => eb.or([eb('status', '!=', 'Completed'), eb('completed_at', '>=', completedSince)]))
            .orderBy('id')
            .limit(limit)
            .execute(),
        );
      case 'parts':
        if (this.site.partLocationIds.length === 0) return [];
        return ids(await this.db.selectFrom('parts').select('id').where('id', '>', after).where('location_id', 'in', this.site.partLocationIds).orderBy('id').limit(limit).execute());
      case 'chemicals':
        if (this.site.chemicalLocationIds.length === 0) return [];
        return ids(
          await this.db
            .selectFrom('chemicals')
            .select('id')
            .where('id', '>', after)
            .where((eb) => eb.exists(eb.selectFrom('chemical_locations').select('chemical_locations.id').whereRef('chemical_locations.chemical_id', '=', 'chemicals.id').where('chemical_locations.location_id', 'in', this.site.chemicalLocationIds)))
            .orderBy('id')
            .limit(limit)
            .execute(),
        );
      case 'maintenance':
        return ids(await this.db.selectFrom('maintenance_tasks').select('id').where('id', '>', after).orderBy('id').limit(limit).execute());
      case 'assets':
        return ids(await this.db.selectFrom('assets').select('id').where('id', '>', after).orderBy('id').limit(limit).execute());
      case 'locations':
        return ids(await this.db.selectFrom('locations').select('id').where('id', '>', after).orderBy('id').limit(limit).execute());
      case 'vendors':
        return ids(await this.db.selectFrom('vendors').select('id').where('id', '>', after).orderBy('id').limit(limit).execute());
      case 'meters':
        return ids(await this.db.selectFrom('meters').select('id').where('id', '>', after).orderBy('id').limit(limit).execute());
      case 'requests':
        // Those waiting for a decision, and those decided in the window completed work orders are kept.
        return ids(
          await this.db
            .selectFrom('work_requests')
            .select('id')
            .where('id', '>', after)
            .where((eb) => eb.or([eb('status', '=', 'new'), eb('decided_at', '>=', completedSince)]))
            .orderBy('id')
            .limit(limit)
            .execute(),
        );
    }
  }
}
