/** The asset model (models/model-record.ts); its list as CSV is GET assets/export.csv (docs/decisions.md: CSV exports). */
import type { Asset } from '../../../shared/api/assets.js';
import type { Repositories } from '../../db/repositories.js';
import { personName, type CsvColumn } from '../../exports/csv.js';
import { recordsCsv, type ModelRecord } from '../../models/model-record.js';
import { presentAsset } from './assets.presenter.js';
import type { AssetRow } from './assets.repository.js';

export const ASSET_CSV_COLUMNS: readonly CsvColumn<Asset>[] = [
  { header: 'ID', value: (a) => a.id },
  { header: 'Name', value: (a) => a.name.name },
  { header: 'Brand', value: (a) => a.brand.brand },
  { header: 'Description', value: (a) => a.description.description },
  { header: 'Asset Type', value: (a) => a.asset_type.asset_type },
  { header: 'Serial Number', value: (a) => a.serial_number },
  { header: 'Location', value: (a) => a.location?.name },
  { header: 'Acquisition Date', value: (a) => a.acquisition_date },
  { header: 'Purchase Price', value: (a) => a.purchase_price },
  { header: 'Created At', value: (a) => a.created_at },
  { header: 'Updated By', value: (a) => personName(a.updated_by) },
  { header: 'Updated At', value: (a) => a.updated_at },
  { header: 'Location ID', value: (a) => a.location_id },
];

export function assetModel({ assets }: Repositories): ModelRecord<AssetRow, Asset> {
  return {
    area: 'assets',
    noun: 'asset',
    read: 'full',
    findById: (id) => assets.findById(id),
    findByIds: (ids) => assets.findByIds(ids),
    async present(rows, { origin }) {
      const relations = await assets.relationsOf(rows);
      return rows.map((row) => presentAsset(row, relations, origin));
    },
    csv: recordsCsv((filter, after, limit) => assets.rowsAfter(filter.locationId, after, limit), ASSET_CSV_COLUMNS),
  };
}
