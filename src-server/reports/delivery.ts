/** Getting a rendered report to the user: as a download, or mailed as an attachment; the routes that do it. */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_REPORT_EMAIL, REPORT_SENT, type ReportSentResponse } from '../../shared/api/reports.js';
import { PRODUCT_NAME } from '../../shared/constants.js';
import { plainEmailAddress } from '../../shared/rules/email-address.js';
import { t } from '../../shared/i18n/translate.js';
import type { Config } from '../config.js';
import { addFieldError, HttpError, throwIfErrors, type FieldErrors } from '../http/errors.js';
import { perUserLimit } from '../http/rate-limits.js';
import { requestLanguage } from '../http/request-language.js';
import type { Mailer } from '../mail/mailer.js';
import { formattingIn } from './format.js';
import type { ReportDocument } from './pdf.js';
import type { PdfPool } from './pdf-pool.js';
import { assertReportFits } from './report-size.js';

/**
 * The report address: one plain address (shared/rules/email-address.ts), else behaviour §5's message
 * (blank included) recorded in `errors`.
 */
export function reportEmail(errors: FieldErrors, value: string): string {
  const email = plainEmailAddress(value);
  if (email === null) addFieldError(errors, 'email', INVALID_REPORT_EMAIL);
  return email ?? '';
}

export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

export interface ReportMail {
  to: string;
  /** The report's English title (marked with `msg` where it is defined); said here in the request's language. */
  title: string;
  locationName: string;
  filename: string;
  pdf: Buffer;
}

/**
 * Mails the PDF, in the language of the user who asked for it (the address is one they chose, not
 * an account's); a mail server failure is a 503 the client may retry, never a stack trace.
 */
export async function mailReport(request: FastifyRequest, mailer: Mailer, mail: ReportMail): Promise<ReportSentResponse> {
  const title = t(mail.title);
  try {
    await mailer.send({
      to: mail.to,
      subject: t('{report} - {location}', { report: title, location: mail.locationName }),
      text: t('Hello,\n\nThe {report} for {location} is attached ({file}).\n\n{product}\n', { report: title, location: mail.locationName, file: mail.filename, product: PRODUCT_NAME }),
      attachments: [{ filename: mail.filename, content: mail.pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    request.log.error({ err }, 'report mail failed');
    throw new HttpError(503, { detail: t('The report could not be sent. Please try again later.') });
  }
  return { detail: REPORT_SENT };
}

/** A report's document and the location it is about. */
export interface BuiltReport {
  location: { name: string };
  report: ReportDocument;
}

export interface ReportRoutes<Query extends { location: number }, Body extends { email: string; location: number }> {
  path: string;
  title: string;
  filename: string;
  query: TSchema;
  body: TSchema;
  /** The report's document from the download's query or the mail's body (both name the location). */
  build(params: Query | Body): Promise<BuiltReport>;
  /** The refusal of a report longer than REPORT_MAX_ROWS (report-size.ts), saying what to do instead. */
  tooLong: string;
}

/**
 * The two routes of a report (behaviour §9): GET downloads the PDF, POST mails it. Mailing has an effect
 * outside the database, so its Idempotency-Key is not held in the request's transaction; each mail
 * goes to an address the user chooses, so mails are limited per user (REPORT_MAIL_RATE_LIMIT). Either
 * way a report longer than REPORT_MAX_ROWS is refused before it is built, and the PDF is built in a
 * PDF thread.
 */
export function registerReportRoutes<Query extends { location: number }, Body extends { email: string; location: number }>(
  app: FastifyInstance,
  { mailer, config, pdf: threads }: { mailer: Mailer; config: Pick<Config, 'reportMailRateLimit' | 'timeZone'>; pdf: PdfPool },
  report: ReportRoutes<Query, Body>,
): void {
  const mailLimit = perUserLimit(config.reportMailRateLimit, 'report mails');
  /** The report in the language of the user who asked for it: its numbers and dates as built, its texts in the PDF thread. */
  async function rendered(request: FastifyRequest, params: Query | Body): Promise<{ location: { name: string }; pdf: Buffer }> {
    const language = requestLanguage(request);
    const built = await formattingIn(language, () => report.build(params));
    assertReportFits(built.report, report.tooLong);
    const pdf = await threads.render({ kind: 'report', report: built.report, options: { timeZone: config.timeZone, now: new Date(), language } });
    return { location: built.location, pdf };
  }

  // Fastify cannot resolve its request types over an open generic; the schemas have checked both shapes.
  app.get(report.path, { schema: { querystring: report.query } }, async (request, reply) => {
    const { pdf } = await rendered(request, request.query as Query);
    return sendPdf(reply, report.filename, pdf);
  });

  app.post(report.path, { schema: { body: report.body }, config: { idempotency: 'outside-transaction', rateLimit: mailLimit } }, async (request) => {
    const body = request.body as Body;
    const errors: FieldErrors = {};
    const to = reportEmail(errors, body.email);
    throwIfErrors(errors);
    const { location, pdf } = await rendered(request, body);
    return mailReport(request, mailer, { to, title: report.title, locationName: location.name, filename: report.filename, pdf });
  });
}
