/** Assets as the API shows them (behaviour §3), built from rows and their batch-loaded relations. */
import { nestedTexts } from '../../../shared/api/common.js';
import type { AssetHistoryEntry } from '../../../shared/api/asset-history.js';
import type { Asset } from '../../../shared/api/assets.js';
import type { UserRef } from '../../../shared/api/common.js';
import { mediaUrl } from '../../http/uploads.js';
import { userRefOf } from '../users/users.presenter.js';
import type { AssetHistoryRow } from './asset-history.repository.js';
import type { AssetRelations, AssetRow } from './assets.repository.js';

/** Columns of the table the API does not show (none; tests/server/response-shapes.test.ts holds the list to the table). */
export const ASSET_NOT_EXPOSED = [] as const satisfies readonly (keyof AssetRow)[];

export function presentAsset(row: AssetRow, relations: AssetRelations, origin: string): Asset {
  const location = row.location_id === null ? undefined : relations.locations.get(row.location_id);
  return {
    id: row.id,
    ...nestedTexts(row),
    asset_type: { asset_type: row.asset_type },
    serial_number: row.serial_number,
    location: location ? { id: location.id, name: location.name } : null,
    location_id: row.location_id,
    acquisition_date: row.acquisition_date,
    purchase_price: row.purchase_price === null ? null : Number(row.purchase_price),
    thumbnail_url: mediaUrl(origin, row.thumbnail),
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
    updated_by: userRefOf(relations.users, row.updated_by_id),
    code: row.code,
  };
}

/** One entry of an asset's history (a work order or a task completion), with the name of who its status names. */
export function presentAssetHistoryEntry(row: AssetHistoryRow, users: ReadonlyMap<number, UserRef>): AssetHistoryEntry {
  return {
    kind: row.kind,
    id: row.id,
    record_id: row.record_id,
    at: row.at,
    description: row.description,
    status: row.status,
    by: userRefOf(users, row.by_id),
    field_notes: row.field_notes,
  };
}
