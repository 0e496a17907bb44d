/**
 * A list's CSV export (docs/decisions.md: CSV exports): read as bytes through the binary path the PDF
 * reports use and handed to the tab by transfer, with the filters its screen shows. It needs a
 * connection and says so plainly without one; it is never queued (an export is of the moment).
 */
import { csvExportRequestPath } from '../../shared/api/exports.js';
import { ERROR_MESSAGES } from '../../shared/data/messages.js';
import type { WorkerCalls } from '../../shared/data/protocol.js';
import { onlyOnline } from '../outbox/write-now.js';
import type { AreaContext } from './area-context.js';
import { binaryRead } from './binary.js';
import { needsConnectionFor } from './reports.js';

export function csvExportCalls(ctx: Pick<AreaContext, 'http' | 'network'>): WorkerCalls['exports'] {
  return {
    csv: (area, filters) =>
      needsConnectionFor(ERROR_MESSAGES.exportNeedsConnection, () => onlyOnline(ctx, () => binaryRead(ctx.http, { path: csvExportRequestPath(area, filters) }))),
  };
}
