/** Car wash counts: packages per location, wash records with per-package totals, car wash report. */
import type { FastifyInstance } from 'fastify';
import { QUANTITY_MAX } from '../../../shared/constants.js';
import {
  CarWashReportEmailBody,
  CarWashReportQuery,
  WashPackagesQuery,
  WashRecordBody,
  WashRecordsQuery,
  type WashRecordRequest,
  type WashRecordsPage,
} from '../../../shared/api/washes.js';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/access.js';
import { nowIso } from '../../http/clock.js';
import { optionalDateField, recordDateField } from '../../http/dates.js';
import { addFieldError, fieldError, invalid, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import { integerField } from '../../http/numbers.js';
import { pageOf, pageWindow } from '../../http/pagination.js';
import { perUserLimit } from '../../http/rate-limits.js';
import { doesNotExist } from '../../http/relations.js';
import { registerReportRoutes } from '../../reports/delivery.js';
import { REPORT_READ_LIMIT } from '../../reports/report-size.js';
import { reportLocation } from '../../reports/site-locations.js';
import { CAR_WASH_REPORT_FILE, CAR_WASH_REPORT_TITLE, CAR_WASH_REPORT_TOO_LONG, carWashReport } from './washes.report.js';
import { presentPackageTotal, presentWashPackage, presentWashRecord } from './washes.presenter.js';
import { t } from '../../../shared/i18n/translate.js';

/** The first day of the month of a YYYY-MM-DD date. */
function monthStart(isoDate: string): string {
  return `${isoDate.slice(0, 8)}01`;
}

/**
 * The longest car wash report, in days counted inclusively (a leap year). Every wash total and
 * every fill and count of the period is read and drawn into the PDF, so an open-ended period (a
 * start in year 100) would make one request cost seconds.
 */
export const REPORT_PERIOD_MAX_DAYS = 366;
export const reportPeriodTooLong = () =>
  t('The report period can be at most {max} days. Choose a later start date or an earlier end date.', { max: REPORT_PERIOD_MAX_DAYS });

/** Days from `start` to `end`, both included (YYYY-MM-DD dates). */
function daysIncluded(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Optional start and end dates (inclusive); null where not given. */
function period(errors: FieldErrors, start: string | undefined, end: string | undefined): { start: string | null; end: string | null } {
  const s = optionalDateField(errors, 'start', start);
  const e = optionalDateField(errors, 'end', end);
  if (s && e && s > e) addFieldError(errors, 'end', t('The end date must not be before the start date.'));
  return { start: s, end: e };
}

export async function washesRoutes(app: FastifyInstance, { config, mailer, pdf, repositories }: AppDeps): Promise<void> {
  const washes = repositories.washes;
  const chemicals = repositories.chemicals;
  const locations = repositories.locations;

  app.get<{ Querystring: WashPackagesQuery }>('/washes/packages/', { schema: { querystring: WashPackagesQuery } }, async (request) => {
    return (await washes.packages(request.query.location)).map(presentWashPackage);
  });

  app.get<{ Querystring: WashRecordsQuery }>('/washes/washrecords/', { schema: { querystring: WashRecordsQuery } }, async (request): Promise<WashRecordsPage> => {
    const errors: FieldErrors = {};
    const { start, end } = period(errors, request.query.start, request.query.end);
    throwIfErrors(errors);
    const filter = { locationId: request.query.location, start, end };
    const window = pageWindow(request.query.page);
    const [{ count, rows }, totals, packages] = await Promise.all([washes.page(filter, window), washes.totals(filter), washes.packages(request.query.location)]);
    const package_totals = packages.map((p) => presentPackageTotal(p, totals.get(p.id) ?? 0));
    return { ...pageOf(request, window, count, rows.map(presentWashRecord)), package_totals };
  });

  // Like fills and counts (stock/quantity-routes.ts): kept for good and summed into every report.
  const recordLimit = { rateLimit: perUserLimit(config.recordRateLimit, 'wash records') };
  app.post<{ Body: WashRecordRequest }>('/washes/washrecords/', { schema: { body: WashRecordBody }, config: recordLimit }, async (request, reply) => {
    const b = request.body;
    const errors: FieldErrors = {};
    const count = integerField(errors, 'count', b.count, { atLeast: 0, lessThan: QUANTITY_MAX });
    const date = recordDateField(errors, 'date', b.date, config.timeZone);
    const [pkg, location] = await Promise.all([washes.findPackage(b.wash_package), locations.findById(b.location)]);
    if (!location) addFieldError(errors, 'location', doesNotExist(b.location));
    if (!pkg) addFieldError(errors, 'wash_package', doesNotExist(b.wash_package));
    else if (location && pkg.location_id !== location.id) addFieldError(errors, 'wash_package', t('This wash package does not belong to the chosen location.'));
    throwIfErrors(errors);
    if (count === null || date === null || !pkg || !location) throw invalid(errors);
    const row = await washes.create({ wash_package_id: pkg.id, location_id: location.id, count, date, user_id: currentUser(request).id, created_at: nowIso() }, { package: pkg.name, location: location.name });
    return reply.code(201).send(presentWashRecord({ ...row, package_name: pkg.name, location_name: location.name }));
  });

  /** The report for a wash location over a period: by default the month of `end`, which defaults to today. */
  async function buildReport(locationId: number, startText: string | undefined, endText: string | undefined) {
    const errors: FieldErrors = {};
    const asked = period(errors, startText, endText);
    throwIfErrors(errors);
    if (locationId === config.site.chemicalReportLocationId) {
      throw fieldError('location', t('Location {id} keeps a chemical inventory report instead of wash data.', { id: String(locationId) }));
    }
    const washLocations = config.site.chemicalLocationIds.filter((id) => id !== config.site.chemicalReportLocationId);
    const location = await reportLocation(locations, locationId, washLocations, 'car wash report');
    const today = todayIn(config.timeZone);
    const end = asked.end ?? today;
    const start = asked.start ?? monthStart(end);
    if (start > end) throw fieldError('start', t('The start date must not be after the end date.'));
    if (daysIncluded(start, end) > REPORT_PERIOD_MAX_DAYS) throw fieldError('start', reportPeriodTooLong());
    const filter = { locationId: location.id, start, end };
    const [packages, totals, chemicalRecords] = await Promise.all([washes.packages(location.id), washes.totals(filter), chemicals.recordsAt(location.id, start, end, REPORT_READ_LIMIT)]);
    const report = carWashReport({
      location: { id: location.id, name: location.name },
      start,
      end,
      packages: packages.map((p) => ({ name: p.name, total: totals.get(p.id) ?? 0 })),
      chemicalRecords,
    });
    return { location, report };
  }

  registerReportRoutes<CarWashReportQuery, CarWashReportEmailBody>(app, { mailer, config, pdf }, {
    path: '/washes/car-wash-report/',
    title: CAR_WASH_REPORT_TITLE,
    filename: CAR_WASH_REPORT_FILE,
    query: CarWashReportQuery,
    body: CarWashReportEmailBody,
    build: ({ location, start, end }) => buildReport(location, start, end),
    tooLong: CAR_WASH_REPORT_TOO_LONG,
  });
}
