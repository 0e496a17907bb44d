/**
 * The routes of a stock report of one location (the chemical and the part inventory reports,
 * behaviour §9): the location must be one of the report's sites (`reportLocation`), at most
 * REPORT_READ_LIMIT stock rows are read, and the document is built from them. Each report is one
 * record of this shape, kept beside its document (`modules/<area>/<area>.report.ts`).
 */
import type { FastifyInstance } from 'fastify';
import type { LocationRef } from '../../shared/api/common.js';
import { ReportEmailBody, ReportQuery } from '../../shared/api/report-requests.js';
import { msg } from '../../shared/i18n/translate.js';
import type { AppDeps } from '../deps.js';
import { registerReportRoutes } from './delivery.js';
import type { ReportDocument } from './pdf.js';
import { REPORT_READ_LIMIT } from './report-size.js';
import { reportLocation } from './site-locations.js';
import type { StockedItem } from '../modules/stock/stock.repository.js';

export interface InventoryReport<Stock> {
  /** The stocked item; it names the route, the file, the title and the report in refusals (`inventoryReportNames`). */
  item: StockedItem;
  tooLong: string;
  sites: (site: AppDeps['config']['site']) => readonly number[];
  stockAt(repositories: AppDeps['repositories'], locationId: number, limit: number): Promise<Stock[]>;
  document(location: LocationRef, stock: Stock[]): ReportDocument;
}

/** Each stock report's title and its name in a sentence, in English (said in the reader's language where shown). */
const INVENTORY_REPORT_TITLES: Record<StockedItem, { title: string; name: string }> = {
  chemical: { title: msg('Chemical Inventory Report'), name: msg('chemical inventory report') },
  part: { title: msg('Part Inventory Report'), name: msg('part inventory report') },
};

/** What behaviour §9 calls a stock report of `item`: `/chemicals/chemical-inventory-report/`, `chemical_inventory_report.pdf`, "Chemical Inventory Report". */
export function inventoryReportNames(item: StockedItem) {
  const { title, name } = INVENTORY_REPORT_TITLES[item];
  return { path: `/${item}s/${item}-inventory-report/`, title, filename: `${item}_inventory_report.pdf`, name };
}

export function registerInventoryReport<Stock>(app: FastifyInstance, { mailer, config, pdf, repositories }: Pick<AppDeps, 'mailer' | 'config' | 'pdf' | 'repositories'>, report: InventoryReport<Stock>): void {
  const { path, title, filename, name } = inventoryReportNames(report.item);
  registerReportRoutes<ReportQuery, ReportEmailBody>(app, { mailer, config, pdf }, {
    path,
    title,
    filename,
    query: ReportQuery,
    body: ReportEmailBody,
    async build({ location: id }) {
      const location = await reportLocation(repositories.locations, id, report.sites(config.site), name);
      const stock = await report.stockAt(repositories, location.id, REPORT_READ_LIMIT);
      return { location, report: report.document({ id: location.id, name: location.name }, stock) };
    },
    tooLong: report.tooLong,
  });
}
