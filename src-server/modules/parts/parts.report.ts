/** The part inventory report: every part at a location with its quantity on hand. */
import type { Selectable } from 'kysely';
import type { LocationRef } from '../../../shared/api/common.js';
import type { PartsTable } from '../../db/schema.js';
import { quantity2 } from '../../reports/format.js';
import { inventoryReportNames, type InventoryReport } from '../../reports/inventory-report.js';
import type { ReportDocument } from '../../reports/pdf.js';
import { reportTooLong } from '../../reports/report-size.js';
import { msg } from '../../../shared/i18n/translate.js';

const TITLE = inventoryReportNames('part').title;
export const PART_REPORT_TOO_LONG = reportTooLong(msg('Export the part list of this location as CSV instead (Parts, Export CSV).'));

export const partInventoryReport: InventoryReport<Selectable<PartsTable>> = {
  item: 'part',
  tooLong: PART_REPORT_TOO_LONG,
  sites: (site) => site.partLocationIds,
  stockAt: (repositories, locationId, limit) => repositories.parts.stockAt(locationId, limit),
  document: partStockDocument,
};

function partStockDocument(location: LocationRef, parts: Selectable<PartsTable>[]): ReportDocument {
  return {
    title: TITLE,
    location,
    tables: [
      {
        columns: [{ header: msg('Part') }, { header: msg('Brand') }, { header: msg('Item Number'), width: 'auto' }, { header: msg('Part Type') }, { header: msg('Quantity on Hand'), align: 'right', width: 'auto' }],
        rows: parts.map((p) => [p.name, p.brand, p.item_number, p.part_type, quantity2(p.quantity)]),
        emptyText: msg('No parts are kept at this location.'),
      },
    ],
  };
}
