/**
 * A location's PDF report (behaviour §7: chemical inventory, car wash and part inventory): downloaded as
 * bytes through the binary path, or mailed (POST {email, location}). Both need a connection and say
 * so plainly without one; neither is queued (a report is of the moment it is asked for).
 */
import type { AreaName } from '../../shared/areas/registry.js';
import { REPORT_SENT, type ReportSentResponse } from '../../shared/api/reports.js';
import { isNormalizedError } from '../../shared/data/errors.js';
import { ERROR_MESSAGES, QUEUE_CODES, SCREEN_MESSAGES } from '../../shared/data/messages.js';
import type { BinaryAnswer, MutationResult } from '../../shared/data/protocol.js';
import { defineWrite } from '../outbox/write-action.js';
import { onlyOnline, writeNow } from '../outbox/write-now.js';
import { binaryRead } from './binary.js';
import type { AreaContext } from './area-context.js';

/** An area's report calls (behaviour §7), over its AreaContext. */
export interface ReportCalls {
  report(location: number): Promise<BinaryAnswer>;
  emailReport(location: number, email: string): Promise<MutationResult<ReportSentResponse>>;
}

/**
 * The general "needs a connection" text speaks of a change not saved, which a file the server makes
 * (a report, an export) is not: the same error (its code unchanged, so screens still show its own
 * text) says what the file needs, in `message`.
 */
export async function needsConnectionFor<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    if (isNormalizedError(thrown) && thrown.code === QUEUE_CODES.needsConnection) throw { ...thrown, message };
    throw thrown;
  }
}

const reportNeedsConnection = <T>(call: () => Promise<T>): Promise<T> => needsConnectionFor(ERROR_MESSAGES.reportNeedsConnection, call);

/** Every report is mailed with the same texts (behaviour §8: Report sent successfully! / Failed to send the report.). */
export function reportAt(area: AreaName, path: `${string}/`): (ctx: AreaContext) => ReportCalls {
  const mail = defineWrite<ReportSentResponse>({
    area,
    action: 'report',
    request: (item) => ({ method: 'POST', path, json: item.payload }),
    invalidates: () => ({}),
    messages: { success: REPORT_SENT, queued: REPORT_SENT, failure: SCREEN_MESSAGES.reports.emailDetail },
  });
  return (ctx) => ({
    report: (location) => reportNeedsConnection(() => onlyOnline(ctx, () => binaryRead(ctx.http, { path: `${path}?location=${location}` }))),
    emailReport: (location, email) => reportNeedsConnection(() => writeNow(ctx, mail, { targetId: null, payload: { email, location } })),
  });
}
