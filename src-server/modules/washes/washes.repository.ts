import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, WashPackagesTable, WashRecordsTable } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';
import { createRecorded } from '../activity/activity.repository.js';

export type WashPackageRow = Selectable<WashPackagesTable>;
export type WashRecordRow = Selectable<WashRecordsTable>;

export interface WashPackageWithLocation {
  id: number;
  name: string;
  location_id: number;
  location_name: string;
}

export interface WashRecordWithNames {
  id: number;
  wash_package_id: number;
  package_name: string;
  count: number;
  location_id: number;
  location_name: string;
  date: string;
  created_at: string;
}

/** Which wash records a list or a report covers; dates are inclusive. */
export interface WashFilter {
  locationId?: number;
  start?: string | null;
  end?: string | null;
}

export class WashesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Packages in display order: by location, then sort_order and name. */
  packages(locationId: number | undefined): Promise<WashPackageWithLocation[]> {
    let q = this.db
      .selectFrom('wash_packages')
      .innerJoin('locations', 'locations.id', 'wash_packages.location_id')
      .select(['wash_packages.id', 'wash_packages.name', 'wash_packages.location_id', 'locations.name as location_name']);
    if (locationId !== undefined) q = q.where('wash_packages.location_id', '=', locationId);
    return q.orderBy('locations.name').orderBy('wash_packages.location_id').orderBy('wash_packages.sort_order').orderBy('wash_packages.name').orderBy('wash_packages.id').execute();
  }

  findPackage(id: number): Promise<WashPackageRow | undefined> {
    return this.db.selectFrom('wash_packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private filtered(filter: WashFilter) {
    let q = this.db.selectFrom('wash_records');
    if (filter.locationId !== undefined) q = q.where('wash_records.location_id', '=', filter.locationId);
    if (filter.start) q = q.where('wash_records.date', '>=', filter.start);
    if (filter.end) q = q.where('wash_records.date', '<=', filter.end);
    return q;
  }

  /** Records newest date first (then newest entry first). */
  async page(filter: WashFilter, window: PageWindow): Promise<{ count: number; rows: WashRecordWithNames[] }> {
    const [countRow, rows] = await Promise.all([
      this.filtered(filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.filtered(filter)
        .innerJoin('wash_packages', 'wash_packages.id', 'wash_records.wash_package_id')
        .innerJoin('locations', 'locations.id', 'wash_records.location_id')
        .select([
          'wash_records.id',
          'wash_records.wash_package_id',
          'wash_packages.name as package_name',
          'wash_records.count',
          'wash_records.location_id',
          'locations.name as location_name',
          'wash_records.date',
          'wash_records.created_at',
        ])
        .orderBy('wash_records.date', 'desc')
        .orderBy('wash_records.created_at', 'desc')
        .orderBy('wash_records.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    ]);
    return { count: toCount(countRow.n), rows };
  }

  /** Sum of counts per package over the filtered records (packages without records are absent). */
  async totals(filter: WashFilter): Promise<Map<number, number>> {
    const rows = await this.filtered(filter)
      .select((eb) => ['wash_records.wash_package_id', eb.fn.sum<number | string>('wash_records.count').as('total')])
      .groupBy('wash_records.wash_package_id')
      .execute();
    return new Map(rows.map((r) => [r.wash_package_id, toCount(r.total)]));
  }

  /** The record and its entry in the history of its location (which shows wash counts; a package has no screen of its own). */
  create(values: Insertable<WashRecordsTable>, names: { package: string; location: string }): Promise<WashRecordRow> {
    const told = (row: WashRecordRow) =>
      ({
        area: 'locations',
        recordId: row.location_id,
        kind: 'wash_counted',
        actorId: row.user_id,
        at: row.created_at,
        details: { wash_package: names.package, count: row.count, date: row.date, location: { id: row.location_id, name: names.location } },
      }) as const;
    return createRecorded(this.db, told, (trx) => trx.insertInto('wash_records').values(values).returningAll().executeTakeFirstOrThrow());
  }
}
