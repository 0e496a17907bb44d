/**
 * The meter model (models/model-record.ts): read with its asset's access, kept on devices by the
 * sync with its last reading, pace and newest readings, so a reading taken without a connection is
 * checked there first (docs/decisions.md: Meters and readings). Its history is its asset's, and it
 * has no list of its own to export.
 */
import type { Meter } from '../../../shared/api/meters.js';
import type { Repositories } from '../../db/repositories.js';
import type { ModelRecord } from '../../models/model-record.js';
import { presentMeters } from './meters.presenter.js';
import type { MeterRow } from './meters.repository.js';

export function meterModel({ meters }: Repositories): ModelRecord<MeterRow, Meter> {
  return {
    area: 'meters',
    noun: 'meter',
    read: 'full',
    findById: (id) => meters.findById(id),
    findByIds: (ids) => meters.findByIds(ids),
    present: (rows) => presentMeters(meters, rows),
  };
}
