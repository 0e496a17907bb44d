/** Getting a rendered report to the user: as a download, or mailed as an attachment. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_REPORT_EMAIL, REPORT_EMAIL_PATTERN, REPORT_SENT, type ReportSentResponse } from '../../shared/api/reports.js';
import { PRODUCT_NAME } from '../../shared/constants.js';
import { HttpError, type FieldErrors } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';

/** The report address, trimmed, or the spec's message recorded in `errors`. */
export function reportEmail(errors: FieldErrors, value: string): string {
  const email = value.trim();
  if (!REPORT_EMAIL_PATTERN.test(email)) (errors.email ??= []).push(INVALID_REPORT_EMAIL);
  return email;
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
  title: string;
  locationName: string;
  filename: string;
  pdf: Buffer;
}

/** Mails the PDF; a mail server failure is a 503 the client may retry, never a stack trace. */
export async function mailReport(request: FastifyRequest, mailer: Mailer, mail: ReportMail): Promise<ReportSentResponse> {
  try {
    await mailer.send({
      to: mail.to,
      subject: `${mail.title} - ${mail.locationName}`,
      text: `Hello,\n\nThe ${mail.title} for ${mail.locationName} is attached (${mail.filename}).\n\n${PRODUCT_NAME}\n`,
      attachments: [{ filename: mail.filename, content: mail.pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    request.log.error({ err }, 'report mail failed');
    throw new HttpError(503, { detail: 'The report could not be sent. Please try again later.' });
  }
  return { detail: REPORT_SENT };
}
