/** Report requests shared by the chemical, car wash and part reports. */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.js';

/**
 * Behaviour §5: a report goes to one address (text, @, text, a dot, text; no lists, no display
 * names), judged on both sides by the one rule of shared/rules/email-address.ts with this message.
 */
export const INVALID_REPORT_EMAIL = 'Please enter a valid email address.';
export const REPORT_SENT = 'Report sent successfully!';

/** `location` query of every report download. */
export const ReportQuery = Type.Object({ location: Id });
export type ReportQuery = Static<typeof ReportQuery>;

/** Mail a report: POST {email, location}. */
export const ReportEmailBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  location: Id,
});
export type ReportEmailBody = Static<typeof ReportEmailBody>;

export interface ReportSentResponse {
  detail: string;
}
