/**
 * GET codes/{code}/: what a label's code opens (docs/decisions.md: Labels and scanning), for
 * whoever may open that record: `{area, id}`. A code that is no record's is a 404; an asset's code
 * for a user who may not open assets (limited users) is a 403 that says so. The code is read as
 * `readCode` reads it (any case, with or without its dash).
 *
 * Plain values only (the data worker reads them); the path's schema is in `code-params.ts`.
 */
import type { EveryKey } from './common.js';
import type { CodeTarget } from '../rules/record-codes.js';
import { msg } from '../i18n/translate.js';

export type { CodeTarget } from '../rules/record-codes.js';

export const CODE_TARGET_KEYS = { area: true, id: true } satisfies EveryKey<CodeTarget>;

/** No asset or location has the code (or it is not a code at all): a label of another system. */
export const CODE_NOT_OURS = msg('This is not one of our labels: no asset or location has this code.');
/** An asset's label scanned by a user who may not open assets. */
export const CODE_ASSET_NOT_ALLOWED = msg('This label is on an asset, and your account cannot open assets. Scan the location label to report a problem there.');
/** Offline, the device keeps no record with the code. */
export const CODE_NOT_ON_DEVICE = msg('No asset or location saved on this device has this code. Try again when you are online.');
