/** Product-wide constants from the specification (sections 2, 5 and 9). Realm-free. */

export const PRODUCT_NAME = 'Maintenance Manager';
export const APP_VERSION = '4.6.18';
export const API_BASE = '/api/v1';

/** Page size of every server list and of locally sliced lists. */
export const PAGE_SIZE = 10;

export const QUEUE_ITEM_LIMIT_BYTES = 5 * 1024 * 1024;
export const QUEUE_TOTAL_LIMIT_BYTES = 30 * 1024 * 1024;
export const QUEUE_ITEM_OVERHEAD_BYTES = 512;
export const RETRY_BACKOFF_START_MS = 3_000;
export const RETRY_BACKOFF_MAX_MS = 60_000;
/** How long finished queue items stay visible in the Offline Activity panel. */
export const QUEUE_SYNCED_VISIBLE_MS = 60 * 60 * 1000;
export const QUEUE_FAILED_VISIBLE_MS = 24 * 60 * 60 * 1000;
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const CACHE_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export const NETWORK_EVENTS_KEPT = 20;
export const NETWORK_ISSUES_KEPT = 30;
export const TOAST_DEDUPE_MS = 4_000;
export const OFFLINE_BADGE_CAP = 99;

export const HEARTBEAT_INTERVAL_MS = 5 * 60 * 1000;
export const VERSION_CHECK_INTERVAL_MS = 10 * 60 * 1000;
/** How often a signed-in device pulls the changes to its working set while nothing else asks it to. */
export const WORKING_SET_PULL_INTERVAL_MS = 5 * 60 * 1000;
/** What a device keeps of the working set when the server names no budget (SYNC_DEVICE_BUDGET_MB). */
export const WORKING_SET_DEFAULT_BUDGET_BYTES = 50 * 1024 * 1024;
export const FORCED_RELOAD_DELAY_MS = 15_000;
export const SW_UPDATE_WAIT_CAP_MS = 4_000;
export const SW_UPDATE_CHECK_MS = 60 * 60 * 1000;
export const SPLASH_MS = 2_000;

/** Largest fill or inventory quantity the server accepts (exclusive). */
export const QUANTITY_MAX = 1_000_000;

export const ASSET_TYPES = [
  'BEVERAGE',
  'FOOD SERVICE',
  'GENERATOR',
  'FUELING EQUIPMENT',
  'IT',
  'VEHICLE',
  'OTHER',
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const DEFAULT_ASSET_TYPE: AssetType = 'BEVERAGE';

export const LOCATION_TYPES = ['GENERAL STORE', 'RESTAURANT', 'HOTEL', 'OTHER'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const WORK_ORDER_STATUSES = ['Pending', 'Claimed', 'Completed'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

export const TASK_STATUSES = ['CLAIMED', 'COMPLETE', 'PAST_DUE', 'DUE', 'ALMOST_DUE', 'NEW', 'UP_TO_DATE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Upload limits for work-order attachments. */
export const UPLOAD_FILE_LIMIT_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FILES_PER_REQUEST = 10;
export const UPLOAD_ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;

/** Longest text the server stores in a free-text field. */
export const TEXT_LIMIT = 5_000;
export const NAME_LIMIT = 255;
