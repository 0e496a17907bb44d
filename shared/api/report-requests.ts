/** Report requests shared by the chemical, car wash and part reports (`reports.ts` holds their answers). */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.js';

/** `location` query of every report download. */
export const ReportQuery = Type.Object({ location: Id });
export type ReportQuery = Static<typeof ReportQuery>;

/** Mail a report: POST {email, location}. */
export const ReportEmailBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  location: Id,
});
export type ReportEmailBody = Static<typeof ReportEmailBody>;
