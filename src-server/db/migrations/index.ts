import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_task_due_date.js';
import * as m0003 from './0003_work_order_counts.js';
import * as m0004 from './0004_account_activation.js';
import * as m0005 from './0005_record_versions.js';
import * as m0006 from './0006_contact_read.js';
import * as m0007 from './0007_upload_owners.js';
import * as m0008 from './0008_email_skeleton.js';
import * as m0009 from './0009_token_generation.js';
import * as m0010 from './0010_login_failures.js';
import * as m0011 from './0011_change_log.js';
import * as m0012 from './0012_change_notify.js';
import * as m0013 from './0013_kpi_times.js';
import * as m0014 from './0014_record_codes.js';
import * as m0015 from './0015_task_procedures.js';
import * as m0016 from './0016_activity.js';
import * as m0017 from './0017_notifications.js';
import * as m0018 from './0018_user_notify.js';
import * as m0019 from './0019_meters.js';
import * as m0020 from './0020_meter_sync.js';
import * as m0021 from './0021_task_meters.js';
import * as m0022 from './0022_work_requests.js';
import * as m0023 from './0023_request_sync.js';
import * as m0024 from './0024_request_mails.js';
import * as m0025 from './0025_labour.js';
import * as m0026 from './0026_stock_ledger.js';
import * as m0027 from './0027_cost_windows.js';
import * as m0028 from './0028_task_labour.js';
import * as m0029 from './0029_user_language.js';
import * as m0030 from './0030_request_language.js';

export interface Migration {
  name: string;
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Every migration in order. A static list, so bundling and tests need no file-system scan. */
export const migrations: Migration[] = [
  { name: '0001_initial', up: m0001.up },
  { name: '0002_task_due_date', up: m0002.up },
  { name: '0003_work_order_counts', up: m0003.up },
  { name: '0004_account_activation', up: m0004.up },
  { name: '0005_record_versions', up: m0005.up },
  { name: '0006_contact_read', up: m0006.up },
  { name: '0007_upload_owners', up: m0007.up },
  { name: '0008_email_skeleton', up: m0008.up },
  { name: '0009_token_generation', up: m0009.up },
  { name: '0010_login_failures', up: m0010.up },
  { name: '0011_change_log', up: m0011.up },
  { name: '0012_change_notify', up: m0012.up },
  { name: '0013_kpi_times', up: m0013.up },
  { name: '0014_record_codes', up: m0014.up },
  { name: '0015_task_procedures', up: m0015.up },
  { name: '0016_activity', up: m0016.up },
  { name: '0017_notifications', up: m0017.up },
  { name: '0018_user_notify', up: m0018.up },
  { name: '0019_meters', up: m0019.up },
  { name: '0020_meter_sync', up: m0020.up },
  { name: '0021_task_meters', up: m0021.up },
  { name: '0022_work_requests', up: m0022.up },
  { name: '0023_request_sync', up: m0023.up },
  { name: '0024_request_mails', up: m0024.up },
  { name: '0025_labour', up: m0025.up },
  { name: '0026_stock_ledger', up: m0026.up },
  { name: '0027_cost_windows', up: m0027.up },
  { name: '0028_task_labour', up: m0028.up },
  { name: '0029_user_language', up: m0029.up },
  { name: '0030_request_language', up: m0030.up },
];
