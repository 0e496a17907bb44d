/**
 * GET sync/ (shared/api/sync.ts): the working set a device keeps, page by page, then what changed
 * since, from the change log the database writes (db/migrations/0011_change_log.ts). Only what the
 * caller may read; a record that changed and is now gone (or never was readable) is a `delete`.
 */
import type { FastifyInstance } from 'fastify';
import { SYNC_CURSOR_GONE, SYNCED_AREAS, SyncQuery, type SyncAnswer, type SyncChange, type SyncedArea } from '../../../shared/api/sync.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { HttpError } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import { ChangeLogRepository } from './change-log.repository.js';
import { syncSources, type PresentContext } from './sync-sources.js';
import { SyncRepository } from './sync.repository.js';

/** Records in one answer: a page of a device's first sync, or the changes read from the log. */
export const SYNC_PAGE = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a first sync stands: the log's head when it began, the area it is reading, the last id read. */
interface SnapshotPlace {
  head: number;
  area: number;
  after: number;
}

function parseCursor(since: string | undefined): { snapshot: SnapshotPlace | null; delta: number | null } {
  if (since === undefined || since === '0') return { snapshot: { head: -1, area: 0, after: 0 }, delta: null };
  if (since.startsWith('s.')) {
    const [head, area, after] = since.slice(2).split('.').map(Number) as [number, number, number];
    return { snapshot: { head, area, after }, delta: null };
  }
  return { snapshot: null, delta: Number(since) };
}

const gone = () => new HttpError(410, { detail: SYNC_CURSOR_GONE, code: 'cursor_gone' });

export async function syncRoutes(api: FastifyInstance, { db, config }: AppDeps): Promise<void> {
  const log = new ChangeLogRepository(db);
  const workingSet = new SyncRepository(db, config.site);
  const sources = syncSources(db);

  api.get<{ Querystring: SyncQuery }>('/sync/', { schema: { querystring: SyncQuery }, config: { access: 'user' } }, async (request): Promise<SyncAnswer> => {
    const user = currentUser(request);
    const full = user.full_feature_access === 1 || user.is_staff === 1;
    const scope = SYNCED_AREAS.filter((area) => full || sources[area].limitedMayRead);
    const ctx: PresentContext = { origin: requestOrigin(request), timeZone: config.timeZone };
    const { snapshot, delta } = parseCursor(request.query.since);
    const [head, floor] = await Promise.all([log.head(), log.floor()]);

    if (snapshot) {
      // The log's head when the first page was read: changes after it are pulled once the set is read.
      const start = snapshot.head < 0 ? head : snapshot.head;
      if (start > head || start < floor || snapshot.area > SYNCED_AREAS.length) throw gone();
      const completedSince = new Date(Date.now() - config.syncCompletedDays * DAY_MS).toISOString();
      const changes: SyncChange[] = [];
      let { area, after } = snapshot;
      while (area < SYNCED_AREAS.length && changes.length < SYNC_PAGE) {
        const name = SYNCED_AREAS[area]!;
        if (!scope.includes(name)) {
          area += 1;
          after = 0;
          continue;
        }
        const room = SYNC_PAGE - changes.length;
        const ids = await workingSet.workingSetIds(name, after, room, completedSince);
        const records = await sources[name].read(ids, ctx);
        for (const [id, record] of records) changes.push({ area: name, id, op: 'upsert', record });
        if (ids.length < room) {
          area += 1;
          after = 0;
        } else after = ids[ids.length - 1]!;
      }
      const more = area < SYNCED_AREAS.length;
      return { cursor: more ? `s.${start}.${area}.${after}` : String(start), more, snapshot: true, scope, changes };
    }

    // A cursor ahead of the log (a restored database) or below what compaction kept has missed changes.
    if (delta! > head || delta! < floor) throw gone();
    const read = await log.after(delta!, SYNC_PAGE);
    // The last change of each record decides; records of areas this user may not read are left out.
    const last = new Map<string, { area: SyncedArea; id: number; op: 'upsert' | 'delete' }>();
    for (const change of read) {
      const area = change.entity as SyncedArea;
      if (!scope.includes(area)) continue;
      last.set(`${area}:${change.recordId}`, { area, id: change.recordId, op: change.op });
    }
    const changes: SyncChange[] = [];
    for (const area of scope) {
      const wanted = [...last.values()].filter((c) => c.area === area);
      const records = await sources[area].read(
        wanted.filter((c) => c.op === 'upsert').map((c) => c.id),
        ctx,
      );
      for (const { id } of wanted) {
        const record = records.get(id);
        changes.push(record === undefined ? { area, id, op: 'delete' } : { area, id, op: 'upsert', record });
      }
    }
    const cursor = read.length > 0 ? read[read.length - 1]!.seq : delta!;
    return { cursor: String(cursor), more: read.length === SYNC_PAGE, snapshot: false, scope, changes };
  });
}
