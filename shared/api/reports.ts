/**
 * What the chemical, car wash and part reports answer. Plain values only (the data worker reads
 * them); the request schemas are in `report-requests.ts`.
 */
import { msg } from '../i18n/translate.js';

/**
 * Behaviour §5: a report goes to one address (text, @, text, a dot, text; no lists, no display
 * names), judged on both sides by the one rule of shared/rules/email-address.ts with this message.
 */
export const INVALID_REPORT_EMAIL = msg('Please enter a valid email address.');
export const REPORT_SENT = msg('Report sent successfully!');

export interface ReportSentResponse {
  detail: string;
}
