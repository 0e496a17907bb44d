/** The car wash report: wash counts per package over a period, and the chemical fills and counts of that period. */
import { chemicalUnit } from '../../../shared/api/chemicals.js';
import type { LocationRef } from '../../../shared/api/common.js';
import { quantity2, usDate, wholeNumber } from '../../reports/format.js';
import type { ReportDocument } from '../../reports/pdf.js';
import { reportTooLong } from '../../reports/report-size.js';
import type { ChemicalRecordRow } from '../chemicals/chemicals.repository.js';

export const CAR_WASH_REPORT_TITLE = 'Car Wash Report';
export const CAR_WASH_REPORT_FILE = 'car_wash_report.pdf';
export const CAR_WASH_REPORT_TOO_LONG = reportTooLong('Choose a shorter period.');

export interface CarWashReportData {
  location: LocationRef;
  start: string;
  end: string;
  /** Every package of the location with its total over the period (0 included). */
  packages: { name: string; total: number }[];
  chemicalRecords: ChemicalRecordRow[];
}

export function carWashReport(data: CarWashReportData): ReportDocument {
  const washes = data.packages.reduce((sum, p) => sum + p.total, 0);
  return {
    title: CAR_WASH_REPORT_TITLE,
    location: data.location,
    details: [`Period: ${usDate(data.start)} to ${usDate(data.end)}`],
    tables: [
      {
        heading: 'Wash counts by package',
        columns: [{ header: 'Package' }, { header: 'Washes', align: 'right', width: 'auto' }],
        rows: data.packages.map((p) => [p.name, wholeNumber(p.total)]),
        totalRow: ['Total', wholeNumber(washes)],
        emptyText: 'This location has no wash packages.',
      },
      {
        heading: 'Chemical fills and inventory counts',
        columns: [
          { header: 'Date', width: 'auto' },
          { header: 'Chemical' },
          { header: 'Record', width: 'auto' },
          { header: 'Quantity', align: 'right', width: 'auto' },
          { header: 'Unit', width: 'auto' },
        ],
        rows: data.chemicalRecords.map((r) => [usDate(r.date), r.name, r.kind === 'fill' ? 'Fill' : 'Inventory count', quantity2(r.quantity), chemicalUnit(r.chemical_type)]),
        emptyText: 'No chemical fills or inventory counts in this period.',
      },
    ],
  };
}
