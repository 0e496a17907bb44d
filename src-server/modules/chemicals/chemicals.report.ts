/** The chemical inventory report: every chemical at a location with its quantity and unit. */
import { chemicalUnit } from '../../../shared/api/chemicals.js';
import type { LocationRef } from '../../../shared/api/common.js';
import { quantity2 } from '../../reports/format.js';
import { inventoryReportNames, type InventoryReport } from '../../reports/inventory-report.js';
import type { ReportDocument } from '../../reports/pdf.js';
import { reportTooLong } from '../../reports/report-size.js';
import type { ChemicalStockRow } from './chemicals.repository.js';
import { msg } from '../../../shared/i18n/translate.js';

const TITLE = inventoryReportNames('chemical').title;
export const CHEMICAL_REPORT_TOO_LONG = reportTooLong(msg('Export the chemical list of this location as CSV instead (Chemicals, Export CSV).'));

export const chemicalInventoryReport: InventoryReport<ChemicalStockRow> = {
  item: 'chemical',
  tooLong: CHEMICAL_REPORT_TOO_LONG,
  sites: (site) => site.chemicalLocationIds,
  stockAt: (repositories, locationId, limit) => repositories.chemicals.stockAt(locationId, limit),
  document: chemicalStockDocument,
};

function chemicalStockDocument(location: LocationRef, stock: ChemicalStockRow[]): ReportDocument {
  return {
    title: TITLE,
    location,
    tables: [
      {
        columns: [{ header: msg('Chemical') }, { header: msg('Brand') }, { header: msg('Type') }, { header: msg('Quantity'), align: 'right', width: 'auto' }, { header: msg('Unit'), width: 'auto' }],
        rows: stock.map((s) => [s.name, s.brand, s.chemical_type, quantity2(s.current_quantity), chemicalUnit(s.chemical_type)]),
        emptyText: msg('No chemicals are stocked at this location.'),
      },
    ],
  };
}
