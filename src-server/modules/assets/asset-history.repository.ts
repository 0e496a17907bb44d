/**
 * An asset's history (shared/api/asset-history.ts): its linked work orders and the completions of
 * tasks at its location that name it, as one list ordered newest first and read a page at a time
 * by the database (a UNION ALL of the two, ordered and cut there), so a long history costs one page.
 * Orders are found by work_orders_asset_created; completions by their task's location.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { HISTORY_NAME_MIN_LENGTH, type AssetHistoryEntry, type AssetHistoryKind } from '../../../shared/api/asset-history.js';
import type { WorkOrderStatus } from '../../../shared/constants.js';
import { likeIgnoringCase, likePattern, toCount } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { PageWindow } from '../../http/pagination.js';
import type { AssetRow } from './assets.repository.js';

/** An entry as the API shows it, with who it was by as an id (the presenter names them). */
export type AssetHistoryRow = Omit<AssetHistoryEntry, 'by'> & { by_id: number | null };

export class AssetHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(asset: Pick<AssetRow, 'id' | 'name' | 'code' | 'location_id'>, window: PageWindow): Promise<{ count: number; rows: AssetHistoryRow[] }> {
    const orders = this.db
      .selectFrom('work_orders')
      .where('asset_id', '=', asset.id)
      .select((eb) => [
        sql<AssetHistoryKind>`'workorder'`.as('kind'),
        'id',
        eb.ref('id').as('record_id'),
        eb.ref('created_at').as('at'),
        'description',
        'status',
        // Who the status names: the completer, else the claimer, else the reporter.
        eb.fn.coalesce('completed_by_id', 'assigned_to_id', 'created_by_id').as('by_id'),
        'field_notes',
      ]);
    const completions = this.db
      .selectFrom('task_completions')
      .innerJoin('maintenance_tasks', 'maintenance_tasks.id', 'task_completions.task_id')
      // An asset with no location has no tasks at it: a location id no row has.
      .where('maintenance_tasks.location_id', '=', asset.location_id ?? 0)
      .where((eb) => {
        const names = namesOf(asset);
        const mentions: Expression<SqlBool>[] = [];
        for (const name of names) {
          const pattern = likePattern(name);
          mentions.push(likeIgnoringCase(eb.ref('maintenance_tasks.description'), pattern));
          mentions.push(likeIgnoringCase(eb.fn.coalesce('task_completions.field_notes', sql<string>`''`), pattern));
        }
        return eb.or(mentions);
      })
      .select((eb) => [
        sql<AssetHistoryKind>`'task_completion'`.as('kind'),
        eb.ref('task_completions.id').as('id'),
        eb.ref('task_completions.task_id').as('record_id'),
        eb.ref('task_completions.completed_at').as('at'),
        eb.ref('maintenance_tasks.description').as('description'),
        sql<WorkOrderStatus>`'Completed'`.as('status'),
        eb.ref('task_completions.completed_by_id').as('by_id'),
        eb.ref('task_completions.field_notes').as('field_notes'),
      ]);
    const history = this.db.selectFrom(orders.unionAll(completions).as('history'));
    const [count, rows] = await Promise.all([
      history.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      // Ties (the same instant) by kind and id, so pages never overlap or skip.
      history.selectAll().orderBy('at', 'desc').orderBy('kind').orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    ]);
    return {
      count: toCount(count.n),
      rows: rows.map((r) => ({ ...r, id: Number(r.id), record_id: Number(r.record_id), by_id: r.by_id === null ? null : Number(r.by_id) })),
    };
  }
}

/** What a task or its notes may call the asset: its code, and its name when long enough to mean it. */
function namesOf(asset: Pick<AssetRow, 'name' | 'code'>): string[] {
  const name = asset.name.trim();
  return name.length >= HISTORY_NAME_MIN_LENGTH ? [asset.code, name] : [asset.code];
}
