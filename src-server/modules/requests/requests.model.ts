/**
 * The request model (models/model-record.ts): requests from labels, read with full access, kept on
 * full-access devices by the sync so the triage screen works offline and live (docs/decisions.md:
 * Requests at the label). No history or CSV of its own: an accepted request's story is its work
 * order's.
 */
import type { WorkRequest } from '../../../shared/api/requests.js';
import type { Repositories } from '../../db/repositories.js';
import type { ModelRecord } from '../../models/model-record.js';
import { presentRequest } from './requests.presenter.js';
import type { WorkRequestRow } from './requests.repository.js';

export function requestModel({ requests }: Repositories): ModelRecord<WorkRequestRow, WorkRequest> {
  return {
    area: 'requests',
    noun: 'request',
    read: 'full',
    findById: (id) => requests.findById(id),
    findByIds: (ids) => requests.findByIds(ids),
    present: async (rows, ctx) => {
      const relations = await requests.relationsOf(rows);
      return rows.map((row) => presentRequest(row, relations, ctx.origin));
    },
  };
}
