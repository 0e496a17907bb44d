/** The car wash report: wash counts per package over a period, and the chemical fills and counts of that period. */
import { chemicalUnit } from '../../../shared/api/chemicals.js';
import type { LocationRef } from '../../../shared/api/common.js';
import { quantity2, usDate, wholeNumber } from '../../reports/format.js';
import type { ReportDocument } from '../../reports/pdf.js';
import { reportTooLong } from '../../reports/report-size.js';
import type { ChemicalRecordRow } from '../chemicals/chemicals.repository.js';
import { msg, t } from '../../../shared/i18n/translate.js';

export const CAR_WASH_REPORT_TITLE = msg('Car Wash Report');
export const CAR_WASH_REPORT_FILE = 'car_wash_report.pdf';
export const CAR_WASH_REPORT_TOO_LONG = reportTooLong(msg('Choose a shorter period.'));

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
    details: [t('Period: {start} to {end}', { start: usDate(data.start), end: usDate(data.end) })],
    tables: [
      {
        heading: msg('Wash counts by package'),
        columns: [{ header: msg('Package') }, { header: msg('Washes'), align: 'right', width: 'auto' }],
        rows: data.packages.map((p) => [p.name, wholeNumber(p.total)]),
        totalRow: [t('Total'), wholeNumber(washes)],
        emptyText: msg('This location has no wash packages.'),
      },
      {
        heading: msg('Chemical fills and inventory counts'),
        columns: [
          { header: msg('Date'), width: 'auto' },
          { header: msg('Chemical') },
          { header: msg('Record'), width: 'auto' },
          { header: msg('Quantity'), align: 'right', width: 'auto' },
          { header: msg('Unit'), width: 'auto' },
        ],
        rows: data.chemicalRecords.map((r) => [usDate(r.date), r.name, r.kind === 'fill' ? t('Fill') : t('Inventory count'), quantity2(r.quantity), chemicalUnit(r.chemical_type)]),
        emptyText: msg('No chemical fills or inventory counts in this period.'),
      },
    ],
  };
}
