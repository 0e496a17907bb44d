/**
 * Every user-facing text of spec section 8, word for word. The data worker builds its errors from
 * these; the screens import them for their fallbacks, successes, queued notices and banners.
 */
import type { AreaName } from '../areas/registry.js';
import type { NormalizedError } from './protocol.js';
import { msg, t } from '../i18n/translate.js';

/** Behaviour §8 Normalised errors: the message of each error type. */
export const ERROR_MESSAGES = {
  offline: msg("You're offline. Please check your internet connection and try again."),
  network: msg("We couldn't reach the server. Please try again in a moment."),
  server: msg('The server encountered an issue. Please try again shortly.'),
  auth: msg('Your session has expired. Please sign in again.'),
  forbidden: msg('You do not have permission to perform this action.'),
  notFound: msg("We couldn't find what you were looking for."),
  validation: msg('Some fields need your attention.'),
  cancelled: msg('The request was cancelled before completion.'),
  default: msg('Something went wrong. Please try again.'),
  /** A write that is not kept for later (not an offline action of behaviour §4) tried without a connection. */
  needsConnection: msg("You're offline. This change needs a connection and was not saved; please try again once you're back online."),
  /** A report (download or mail) asked for without a connection: reports are made by the server, never kept for later. */
  reportNeedsConnection: msg("You're offline. Reports need a connection; please try again once you're back online."),
  /** A list's CSV export asked for without a connection (docs/decisions.md: CSV exports): made by the server, never kept for later. */
  exportNeedsConnection: msg("You're offline. Exports need a connection; please try again once you're back online."),
} as const;

/** Behaviour §8: sign-in and the other account screens. */
export const AUTH_MESSAGES = {
  loginInvalid: msg('Invalid username or password'),
  loginFallback: msg('Login failed. Please try again.'),
} as const;

/** Behaviour §8 Queue codes, behaviour §5 enqueue validation and the panel's own failures. */
export const QUEUE_CODES = {
  itemTooLarge: 'QUEUE_ITEM_TOO_LARGE',
  totalLimit: 'QUEUE_TOTAL_LIMIT',
  noHandler: 'NO_HANDLER',
  /** Not a queue code of the spec: a write that is never queued found no connection (its message says so). */
  needsConnection: 'NEEDS_CONNECTION',
  /** Not a queue code of the spec: re-apply asked of an item that is no (longer a) conflict. */
  reapplyImpossible: 'REAPPLY_IMPOSSIBLE',
} as const;

export const QUEUE_MESSAGES = {
  itemTooLarge: msg('Queue item exceeds per-item storage limit'),
  totalLimit: msg('Offline queue storage limit reached'),
  enqueueInvalid: 'enqueueMutation requires domain and action',
  retryFailed: msg('Retry failed'),
  clearFailed: msg('Failed to clear queue'),
  removeFailed: msg('Failed to remove item'),
  /** A conflict (an update refused because the record changed meanwhile), in the panel. */
  reapplyImpossible: msg('These changes can no longer be re-applied. Discard them and edit the record again.'),
  reapplyFailed: msg('Failed to re-apply the changes'),
  reapplied: msg('Your changes will be applied to the record as it is now.'),
  discarded: msg('Your changes were discarded.'),
} as const;

/**
 * The browser deleted the device DB (storage pressure, or the site's data cleared) while the app was
 * open: said once, with what could not be kept. The next sign-in downloads the saved data again.
 */
export function deviceDataLostMessage(queuedLost: number): string {
  if (queuedLost === 0) return t('This browser removed the data saved on this device. Sign in again to download your saved data.');
  return t(
    '{count, plural, one {This browser removed the data saved on this device. 1 change waiting to be sent was lost with it. Sign in again to download your saved data.} other {This browser removed the data saved on this device. {count} changes waiting to be sent were lost with it. Sign in again to download your saved data.}}',
    { count: queuedLost },
  );
}

export function noHandlerMessage(domain: string, action: string): string {
  return `No handler registered for ${domain}:${action}`;
}

/**
 * Attachments checked before a write is stored for later (behaviour §5 limits; the spec gives no
 * wording). Sizes arrive already formatted, e.g. "7.2 MB".
 */
export function attachmentsTooLargeMessage(size: string, limit: string): string {
  return t('These attachments are too large to save for sending later ({size} of {limit}). Remove a photo or attach smaller files.', { size, limit });
}

/** A chosen file of a type the server refuses (the server's own list: JPEG, PNG, GIF, WebP, PDF). */
export function attachmentTypeRefusedMessage(name: string): string {
  return t('"{name}" is not an accepted file type. Attach JPEG, PNG, GIF or WebP images or PDF documents.', { name });
}

/** An update form saved without any change: nothing is sent. */
export const NOTHING_CHANGED = msg('Nothing has changed.');

/** Behaviour §8 Screen fallback messages, by area (and the reports' own). */
export const SCREEN_MESSAGES = {
  locations: {
    loadList: msg('Failed to load locations.'),
    fetchList: msg('Failed to fetch locations.'),
    unableToLoad: msg('Unable to load locations.'),
    fetchOne: msg('Failed to fetch location.'),
    loadOne: msg('Failed to load this location.'),
    create: msg('Failed to create location.'),
    update: msg('Failed to update location.'),
    /** The location list's own text. */
    fetchData: msg('Failed to fetch data...'),
  },
  assets: {
    loadList: msg('Failed to load assets.'),
    loadForLocation: msg('Failed to load assets for the selected location.'),
    loadDetails: msg('Failed to load asset details.'),
    fetchOne: msg('Failed to fetch asset.'),
    create: msg('Failed to create asset.'),
    update: msg('Failed to update asset.'),
    updateLocation: msg('Failed to update asset location.'),
    /** Behaviour §5: the Move Asset modal without a location chosen. */
    selectLocation: msg('Please select a location.'),
    /** The Move Asset modal with the asset's own location chosen: nothing to move. */
    alreadyThere: msg('The asset is already at this location. Please select another location.'),
  },
  workorders: {
    fetchAll: msg('Failed to fetch all work orders. Please try again.'),
    create: msg('Failed to create work order.'),
    loadDetails: msg("Couldn't load work order details. Please try again."),
    refreshAfterSync: msg("Couldn't refresh work order details after syncing. Please retry."),
    complete: msg('Failed to mark work order as completed. Please try again.'),
    claim: msg('Failed to claim work order. Please try again.'),
    unclaim: msg('Failed to unclaim work order. Please try again.'),
  },
  maintenance: {
    fetchListEllipsis: msg('Failed to fetch task list...'),
    fetchList: msg('Failed to fetch task list.'),
    refreshList: msg('Unable to refresh the maintenance list.'),
    create: msg('Failed to create maintenance task.'),
    loadOne: msg('Failed to load maintenance task.'),
    complete: msg('Failed to mark task as completed.'),
    claim: msg('Failed to claim this task.'),
    unclaim: msg('Failed to unclaim this task.'),
    fetchOne: msg('Failed to fetch maintenance.'),
    update: msg('Failed to update maintenance.'),
  },
  chemicals: {
    fetchForLocation: msg('Failed to fetch chemicals for the selected location.'),
    fetchData: msg('Failed to fetch data'),
    recordFill: msg('Failed to record chemical fill...'),
    recordInventory: msg('Failed to record chemical inventory...'),
    fetchOne: msg('Failed to fetch chemical...'),
  },
  washes: {
    fetchRecords: msg('Failed to fetch wash records'),
    /** Used when the server's reply has no message for its `count` field. */
    recordCount: msg('Failed to record wash count'),
  },
  /** Read with the screen that needs them (a list's location filter): that screen's text is said. */
  settings: {},
  parts: {
    loadList: msg('Failed to load parts.'),
    loadForLocation: msg('Failed to load parts for the selected location.'),
    loadOne: msg('Failed to load this part.'),
    recordFill: msg('Failed to record part fill.'),
    recordInventory: msg('Failed to record part inventory.'),
  },
  /** Not in the spec: the lists' CSV export (docs/decisions.md: CSV exports). */
  exports: {
    exportSummary: msg('Error exporting'),
    exportDetail: msg('Failed to export the list.'),
    needsConnection: msg('Exporting needs a connection.'),
  },
  reports: {
    generateSummary: msg('Error generating report'),
    generateDetail: msg('Failed to generate report.'),
    emailSummary: msg('Error sending email'),
    emailDetail: msg('Failed to send the report.'),
    invalidEmail: msg('Please enter a valid email address.'),
  },
  vendors: {
    loadList: msg('Failed to load vendors.'),
    loadOne: msg('Failed to load this vendor.'),
    create: msg('Failed to create vendor.'),
    fetchOne: msg('Failed to fetch vendor.'),
    update: msg('Failed to update vendor.'),
  },
  contact: {
    send: msg('Failed to send your message. Please try again.'),
  },
  /** The user's own account settings (docs/i18n.md: the language chosen on the account). */
  account: {
    language: msg('Failed to save your language.'),
  },
  /** Not in the spec (staff administration came later); worded like the other areas' texts. */
  admin: {
    loadUsers: msg('Failed to load users.'),
    changeUser: msg('Failed to change this user.'),
    mailUser: msg('Failed to send the mail.'),
    loadMessages: msg('Failed to load contact messages.'),
    markMessage: msg('Failed to update this message.'),
  },
  /**
   * The key figures of /home (not in the spec): their texts travel with their lazily loaded section
   * (src-ui/screens/home/kpi-format.ts), so the first screen's script does not carry them.
   */
  kpis: {},
  /** Label codes (not in the spec): the server's and the worker's own texts say what went wrong (shared/api/codes.ts). */
  codes: {},
  /** Notifications by mail (not in the spec; docs/decisions.md: Notifications by mail). */
  notifications: { load: msg('Failed to load your notification settings.'), save: msg('Failed to save your notification settings.') },
  /** Meters on an asset and their readings (not in the spec; docs/decisions.md: Meters and readings). */
  meters: {
    load: msg("Failed to load the asset's meters."),
    loadReadings: msg("Failed to load the meter's readings."),
    create: msg('Failed to add the meter.'),
    addReading: msg('Failed to record the reading.'),
  },
  requests: {
    loadForm: msg('Failed to open the form for this label.'),
    send: msg('Failed to send your report. Please try again.'),
    loadStatus: msg('Failed to load the status of your report.'),
    loadList: msg('Failed to load the requests.'),
    accept: msg('Failed to accept the request.'),
    reject: msg('Failed to turn the request down.'),
  },
  labour: {
    load: msg('Failed to load the time on this work order.'),
    add: msg('Failed to add the time.'),
    start: msg('Failed to start the timer.'),
    stop: msg('Failed to stop the timer.'),
    remove: msg('Failed to delete the time entry.'),
  },
  partmoves: {
    load: msg('Failed to load the parts used on this work order.'),
    move: msg('Failed to record the part.'),
    loadLedger: msg("Failed to load the part's ledger."),
    costs: msg("Failed to save the part's costs."),
    loadShort: msg('Failed to load the parts short.'),
  },
} as const satisfies ByArea<Record<string, string>>;

/**
 * Each area's texts are kept under its name (`shared/areas/registry.ts`), so adding an area without
 * a place for its texts does not compile; groups that are not areas (reports, account) sit beside.
 */
type ByArea<Texts> = { [K in AreaName]: Texts } & Record<string, Texts>;

/** Behaviour §8 not-found texts: `list` for an empty list, `one` for a record that is not there. */
export const NOT_FOUND_MESSAGES = {
  workorders: { list: msg('No work orders found...'), one: msg('Work order not found...') },
  chemicals: { list: msg('No chemicals found...'), one: msg('Chemical or location not found...') },
  parts: { list: msg('No parts found...'), one: msg('Part not found...') },
  assets: { list: msg('No assets found...'), one: msg('Asset not found...') },
  // The spec names no texts for the rest; worded like the work-order ones.
  maintenance: { list: msg('No tasks found...'), one: msg('Task not found...') },
  locations: { list: msg('No locations found...'), one: msg('Location not found...') },
  vendors: { list: msg('No vendors found...'), one: msg('Vendor not found...') },
  admin: { users: msg('No users found...'), contactMessages: msg('No contact messages yet...') },
  // Shown within the chemicals' screens, a form and the site's settings: nothing of their own.
  washes: {},
  contact: {},
  settings: {},
  kpis: {},
  codes: {},
  notifications: {},
  meters: { list: msg('No meters on this asset yet.'), readings: msg('No readings yet.') },
  requests: { one: msg('This report was not found. Check the link you were given.'), list: msg('No requests here.') },
  labour: { list: msg('No time recorded yet.') },
  partmoves: { list: msg('No parts used yet.'), ledger: msg('No stock movements yet.') },
} as const satisfies ByArea<Record<string, string>>;

/** Behaviour §8 Success messages. */
export const SUCCESS_MESSAGES = {
  workorders: {
    created: msg('Work order created successfully!'),
    completed: msg('Work order marked as complete!'),
    claimed: msg('Work order claimed successfully!'),
    unclaimed: msg('Work order unclaimed successfully!'),
  },
  maintenance: {
    created: msg('Maintenance task created successfully'),
    completed: msg('Task marked as complete!'),
    claimed: msg('Task claimed successfully!'),
    unclaimed: msg('Task unclaimed successfully!'),
    updated: msg('Maintenance updated successfully'),
  },
  washes: { countRecorded: msg('Wash count recorded successfully!') },
  chemicals: { fillRecorded: msg('Chemical fill recorded successfully!'), inventoryRecorded: msg('Chemical inventory recorded successfully!') },
  parts: { fillRecorded: msg('Part fill recorded successfully!'), inventoryRecorded: msg('Part inventory recorded successfully!') },
  assets: { created: msg('Asset created successfully'), locationUpdated: msg('Asset location updated successfully!'), updated: msg('Asset updated successfully') },
  locations: { created: msg('Location created successfully'), updated: msg('Location updated successfully') },
  vendors: { created: msg('Vendor created successfully'), updated: msg('Vendor updated successfully') },
  contact: { sent: msg('Contact message sent successfully!') },
  /**
   * The answers to a staff user's change of an account (not in the spec), naming the account. The
   * two mails are answered with the server's own words (`shared/api/admin.ts`).
   */
  admin: {
    grantFullAccess: (email: string) => t('Full access granted to {email}.', { email }),
    revokeFullAccess: (email: string) => t('Full access revoked for {email}.', { email }),
    deactivate: (email: string) => t('{email} is deactivated and signed out everywhere.', { email }),
    reactivate: (email: string) => t('{email} is active again.', { email }),
    makeStaff: (email: string) => t('{email} is now a staff user.', { email }),
    removeStaff: (email: string) => t('{email} is no longer a staff user.', { email }),
    hourlyRate: (email: string) => t('Hourly rate of {email} saved.', { email }),
    markRead: msg('Message marked as read.'),
    markUnread: msg('Message marked as unread.'),
  },
  // Read only: nothing to report.
  settings: {},
  kpis: {},
  codes: {},
  reports: { sent: msg('Report sent successfully!') },
  account: {
    // The spec names these three without giving their wording.
    activated: msg('Your account has been activated. You can now sign in.'),
    resetEmailSent: msg('If an account exists for that email, a password reset link has been sent.'),
    passwordReset: msg('Your password has been reset. You can now sign in.'),
    /** Register success: the spec's "activation-email message", wording not given. */
    registered: msg('Account created. Check your email for the activation link.'),
    /** The language chosen on the account (docs/i18n.md), saved. */
    language: msg('Language saved.'),
  },
  notifications: { saved: msg('Notification settings saved.') },
  meters: { created: msg('Meter added.'), readingRecorded: msg('Reading recorded.') },
  requests: { sent: msg('Thank you. Your report was sent to the maintenance team.'), accepted: msg('Request accepted: a work order was opened.'), rejected: msg('Request turned down.') },
  labour: { added: msg('Time added.'), started: msg('Timer started.'), stopped: msg('Timer stopped.'), removed: msg('Time entry deleted.') },
  partmoves: { issue: msg('Part issued to the work order.'), return: msg('Part returned from the work order.'), costs: msg("The part's costs were saved.") },
} as const satisfies ByArea<Record<string, string | ((email: string) => string)>>;

/** Behaviour §8 Queued (info) messages: what a stored action reports instead of success. */
export const QUEUED_MESSAGES = {
  workorders: {
    create: msg("You're offline. We'll submit this work order automatically once the connection is back."),
    complete: msg("We'll mark this work order complete once your connection is back."),
    claim: msg("We'll claim this work order once you're back online."),
    unclaim: msg("We'll unclaim this work order once you're back online."),
  },
  maintenance: {
    create: msg("You're offline. We'll create this maintenance task once the connection returns"),
    complete: msg("We'll mark this task complete once the connection returns"),
    claimOrUnclaim: msg("We'll claim or unclaim this task once you're back online"),
    /** Behaviour §4 queues updates too but gives no text; worded like the create's. */
    update: msg("You're offline. We'll save these changes to the task once the connection returns"),
  },
  // Quantities and counts made without signal (a car-wash bay): the spec gives no texts; worded like the task ones.
  parts: {
    fill: msg("You're offline. We'll record this part fill once the connection returns"),
    inventory: msg("You're offline. We'll record this part inventory once the connection returns"),
  },
  chemicals: {
    fill: msg("You're offline. We'll record this chemical fill once the connection returns"),
    inventory: msg("You're offline. We'll record this chemical inventory once the connection returns"),
  },
  washes: { count: msg("You're offline. We'll record these wash counts once the connection returns") },
  // Not offline actions (behaviour §4): their writes need a connection and say so instead.
  assets: {},
  locations: {},
  vendors: {},
  contact: {},
  admin: {},
  settings: {},
  kpis: {},
  codes: {},
  // Saved with a connection only: never queued.
  notifications: {},
  // The language chosen on the account: a choice made offline is kept and sent once.
  account: { language: msg("You're offline. We'll save your language once the connection returns.") },
  // A reading is taken where there is often no signal (a plant room): queued like a count.
  meters: { reading: msg("You're offline. We'll record this reading once the connection returns") },
  requests: {
    accept: msg("You're offline. We'll accept this request once the connection returns."),
    reject: msg("You're offline. We'll turn this request down once the connection returns."),
    // A visitor's report at a label (no account): kept on the device, not in a user's queue.
    send: msg("You're offline. Your report is kept on this phone and will be sent when the connection returns."),
    busy: msg('Many reports were sent from here just now. Yours is kept on this phone and will be sent shortly.'),
  },
  // A timer's start and stop carry the device's time, so one queued for a day still counts the hours worked.
  labour: {
    add: msg("You're offline. We'll add this time once the connection returns."),
    start: msg("You're offline. The timer runs from now; we'll send it once the connection returns."),
    stop: msg("You're offline. The timer stopped now; we'll send it once the connection returns."),
    remove: msg("You're offline. We'll delete this entry once the connection returns."),
  },
  // Issued where the work is (often without signal): queued like a fill, applied once, never refused for stock.
  partmoves: {
    issue: msg("You're offline. We'll issue this part once the connection returns."),
    return: msg("You're offline. We'll return this part once the connection returns."),
    costs: msg("You're offline. We'll save the part's costs once the connection returns."),
  },
} as const satisfies ByArea<Record<string, string>>;

/** Behaviour §8 Offline banners above saved data. */
export const OFFLINE_BANNERS = {
  workorderList: msg("Showing saved work orders. We'll refresh when you're online again."),
  workorderDetail: msg("Showing saved data. We'll refresh once the connection returns."),
  tasks: msg("Showing saved tasks or data. We'll refresh when you're online again."),
  /** Areas the spec gives no banner of their own (locations, vendors): the detail's general text. */
  savedData: msg("Showing saved data. We'll refresh once the connection returns."),
} as const;

function asNormalized(error: unknown): NormalizedError | null {
  return typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'normalized-error' ? (error as NormalizedError) : null;
}

/**
 * What a screen shows for a failure (behaviour §8): the server's message when the error has one,
 * otherwise the screen's own fallback. A refusal by the offline queue (too large, storage full)
 * says what happened better than any fallback, so its own text is kept.
 */
export function messageForScreen(error: unknown, fallback: string): string {
  const e = asNormalized(error);
  // The queue's own refusals, and a write that needs a connection, say exactly what happened.
  if (e?.type === 'queue' || e?.code === QUEUE_CODES.needsConnection) return e.message;
  return e?.serverMessage ?? t(fallback);
}

/**
 * Sign-in and the other account screens (behaviour §8): a refused login reads "Invalid username or
 * password"; other failures use the server's message or the error's text, else the fallback.
 */
export function authFailureMessage(error: unknown, fallback: string = AUTH_MESSAGES.loginFallback, isLogin = true): string {
  const e = asNormalized(error);
  if (!e) return error instanceof Error && error.message ? error.message : t(fallback);
  if (isLogin && e.status === 401) return t(AUTH_MESSAGES.loginInvalid);
  return e.serverMessage ?? e.message ?? t(fallback);
}
