/**
 * The routes of a stock report of one location (the chemical and the part inventory reports,
 * behaviour §9): the location must be one of the report's sites (`reportLocation`), at most
 * REPORT_READ_LIMIT stock rows are read, and the document is built from them.
 */
import type { FastifyInstance } from 'fastify';
import type { LocationRef } from '../../shared/api/common.js';
import { ReportEmailBody, ReportQuery } from '../../shared/api/report-requests.js';
import type { AppDeps } from '../deps.js';
import { registerReportRoutes } from './delivery.js';
import type { ReportDocument } from './pdf.js';
import { REPORT_READ_LIMIT } from './report-size.js';
import { reportLocation } from './site-locations.js';

export interface InventoryReport<Stock> {
  path: string;
  title: string;
  filename: string;
  /** The report's name in the refusal of a location that is not one of its sites. */
  name: string;
  tooLong: string;
  sites: (site: AppDeps['config']['site']) => readonly number[];
  stockAt(locationId: number, limit: number): Promise<Stock[]>;
  document(location: LocationRef, stock: Stock[]): ReportDocument;
}

export function registerInventoryReport<Stock>(app: FastifyInstance, { mailer, config, pdf, repositories }: Pick<AppDeps, 'mailer' | 'config' | 'pdf' | 'repositories'>, report: InventoryReport<Stock>): void {
  registerReportRoutes<ReportQuery, ReportEmailBody>(app, { mailer, config, pdf }, {
    path: report.path,
    title: report.title,
    filename: report.filename,
    query: ReportQuery,
    body: ReportEmailBody,
    async build({ location: id }) {
      const location = await reportLocation(repositories.locations, id, report.sites(config.site), report.name);
      const stock = await report.stockAt(location.id, REPORT_READ_LIMIT);
      return { location, report: report.document({ id: location.id, name: location.name }, stock) };
    },
    tooLong: report.tooLong,
  });
}
