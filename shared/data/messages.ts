/**
 * Every user-facing text of spec section 8, word for word. The data worker builds its errors from
 * these; the screens import them for their fallbacks, successes, queued notices and banners.
 */
import type { AreaName } from '../areas/registry.js';
import type { NormalizedError } from './protocol.js';

/** Behaviour §8 Normalised errors: the message of each error type. */
export const ERROR_MESSAGES = {
  offline: "You're offline. Please check your internet connection and try again.",
  network: "We couldn't reach the server. Please try again in a moment.",
  server: 'The server encountered an issue. Please try again shortly.',
  auth: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: "We couldn't find what you were looking for.",
  validation: 'Some fields need your attention.',
  cancelled: 'The request was cancelled before completion.',
  default: 'Something went wrong. Please try again.',
  /** A write that is not kept for later (not an offline action of behaviour §4) tried without a connection. */
  needsConnection: "You're offline. This change needs a connection and was not saved; please try again once you're back online.",
  /** A report (download or mail) asked for without a connection: reports are made by the server, never kept for later. */
  reportNeedsConnection: "You're offline. Reports need a connection; please try again once you're back online.",
  /** A list's CSV export asked for without a connection (docs/decisions.md: CSV exports): made by the server, never kept for later. */
  exportNeedsConnection: "You're offline. Exports need a connection; please try again once you're back online.",
} as const;

/** Behaviour §8: sign-in and the other account screens. */
export const AUTH_MESSAGES = {
  loginInvalid: 'Invalid username or password',
  loginFallback: 'Login failed. Please try again.',
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
  itemTooLarge: 'Queue item exceeds per-item storage limit',
  totalLimit: 'Offline queue storage limit reached',
  enqueueInvalid: 'enqueueMutation requires domain and action',
  retryFailed: 'Retry failed',
  clearFailed: 'Failed to clear queue',
  removeFailed: 'Failed to remove item',
  /** A conflict (an update refused because the record changed meanwhile), in the panel. */
  reapplyImpossible: 'These changes can no longer be re-applied. Discard them and edit the record again.',
  reapplyFailed: 'Failed to re-apply the changes',
  reapplied: 'Your changes will be applied to the record as it is now.',
  discarded: 'Your changes were discarded.',
} as const;

/**
 * The browser deleted the device DB (storage pressure, or the site's data cleared) while the app was
 * open: said once, with what could not be kept. The next sign-in downloads the saved data again.
 */
export function deviceDataLostMessage(queuedLost: number): string {
  const lost = queuedLost === 0 ? '' : queuedLost === 1 ? ' 1 change waiting to be sent was lost with it.' : ` ${queuedLost} changes waiting to be sent were lost with it.`;
  return `This browser removed the data saved on this device.${lost} Sign in again to download your saved data.`;
}

export function noHandlerMessage(domain: string, action: string): string {
  return `No handler registered for ${domain}:${action}`;
}

/**
 * Attachments checked before a write is stored for later (behaviour §5 limits; the spec gives no
 * wording). Sizes arrive already formatted, e.g. "7.2 MB".
 */
export function attachmentsTooLargeMessage(size: string, limit: string): string {
  return `These attachments are too large to save for sending later (${size} of ${limit}). Remove a photo or attach smaller files.`;
}

/** A chosen file of a type the server refuses (the server's own list: JPEG, PNG, GIF, WebP, PDF). */
export function attachmentTypeRefusedMessage(name: string): string {
  return `"${name}" is not an accepted file type. Attach JPEG, PNG, GIF or WebP images or PDF documents.`;
}

/** An update form saved without any change: nothing is sent. */
export const NOTHING_CHANGED = 'Nothing has changed.';

/** Behaviour §8 Screen fallback messages, by area (and the reports' own). */
export const SCREEN_MESSAGES = {
  locations: {
    loadList: 'Failed to load locations.',
    fetchList: 'Failed to fetch locations.',
    unableToLoad: 'Unable to load locations.',
    fetchOne: 'Failed to fetch location.',
    loadOne: 'Failed to load this location.',
    create: 'Failed to create location.',
    update: 'Failed to update location.',
    /** The location list's own text. */
    fetchData: 'Failed to fetch data...',
  },
  assets: {
    loadList: 'Failed to load assets.',
    loadForLocation: 'Failed to load assets for the selected location.',
    loadDetails: 'Failed to load asset details.',
    fetchOne: 'Failed to fetch asset.',
    create: 'Failed to create asset.',
    update: 'Failed to update asset.',
    updateLocation: 'Failed to update asset location.',
    /** Behaviour §5: the Move Asset modal without a location chosen. */
    selectLocation: 'Please select a location.',
    /** The Move Asset modal with the asset's own location chosen: nothing to move. */
    alreadyThere: 'The asset is already at this location. Please select another location.',
  },
  workorders: {
    fetchAll: 'Failed to fetch all work orders. Please try again.',
    create: 'Failed to create work order.',
    loadDetails: "Couldn't load work order details. Please try again.",
    refreshAfterSync: "Couldn't refresh work order details after syncing. Please retry.",
    complete: 'Failed to mark work order as completed. Please try again.',
    claim: 'Failed to claim work order. Please try again.',
    unclaim: 'Failed to unclaim work order. Please try again.',
  },
  maintenance: {
    fetchListEllipsis: 'Failed to fetch task list...',
    fetchList: 'Failed to fetch task list.',
    refreshList: 'Unable to refresh the maintenance list.',
    create: 'Failed to create maintenance task.',
    loadOne: 'Failed to load maintenance task.',
    complete: 'Failed to mark task as completed.',
    claim: 'Failed to claim this task.',
    unclaim: 'Failed to unclaim this task.',
    fetchOne: 'Failed to fetch maintenance.',
    update: 'Failed to update maintenance.',
  },
  chemicals: {
    fetchForLocation: 'Failed to fetch chemicals for the selected location.',
    fetchData: 'Failed to fetch data',
    recordFill: 'Failed to record chemical fill...',
    recordInventory: 'Failed to record chemical inventory...',
    fetchOne: 'Failed to fetch chemical...',
  },
  washes: {
    fetchRecords: 'Failed to fetch wash records',
    /** Used when the server's reply has no message for its `count` field. */
    recordCount: 'Failed to record wash count',
  },
  /** Read with the screen that needs them (a list's location filter): that screen's text is said. */
  settings: {},
  parts: {
    loadList: 'Failed to load parts.',
    loadForLocation: 'Failed to load parts for the selected location.',
    loadOne: 'Failed to load this part.',
    recordFill: 'Failed to record part fill.',
    recordInventory: 'Failed to record part inventory.',
  },
  /** Not in the spec: the lists' CSV export (docs/decisions.md: CSV exports). */
  exports: {
    exportSummary: 'Error exporting',
    exportDetail: 'Failed to export the list.',
    needsConnection: 'Exporting needs a connection.',
  },
  reports: {
    generateSummary: 'Error generating report',
    generateDetail: 'Failed to generate report.',
    emailSummary: 'Error sending email',
    emailDetail: 'Failed to send the report.',
    invalidEmail: 'Please enter a valid email address.',
  },
  vendors: {
    loadList: 'Failed to load vendors.',
    loadOne: 'Failed to load this vendor.',
    create: 'Failed to create vendor.',
    fetchOne: 'Failed to fetch vendor.',
    update: 'Failed to update vendor.',
  },
  contact: {
    send: 'Failed to send your message. Please try again.',
  },
  /** Not in the spec (staff administration came later); worded like the other areas' texts. */
  admin: {
    loadUsers: 'Failed to load users.',
    changeUser: 'Failed to change this user.',
    mailUser: 'Failed to send the mail.',
    loadMessages: 'Failed to load contact messages.',
    markMessage: 'Failed to update this message.',
  },
  /**
   * The key figures of /home (not in the spec): their texts travel with their lazily loaded section
   * (src-ui/screens/home/kpi-format.ts), so the first screen's script does not carry them.
   */
  kpis: {},
  /** Label codes (not in the spec): the server's and the worker's own texts say what went wrong (shared/api/codes.ts). */
  codes: {},
  /** Notifications by mail (not in the spec; docs/decisions.md: Notifications by mail). */
  notifications: { load: 'Failed to load your notification settings.', save: 'Failed to save your notification settings.' },
  /** Meters on an asset and their readings (not in the spec; docs/decisions.md: Meters and readings). */
  meters: {
    load: "Failed to load the asset's meters.",
    loadReadings: "Failed to load the meter's readings.",
    create: 'Failed to add the meter.',
    addReading: 'Failed to record the reading.',
  },
  requests: {
    loadForm: 'Failed to open the form for this label.',
    send: 'Failed to send your report. Please try again.',
    loadStatus: 'Failed to load the status of your report.',
    loadList: 'Failed to load the requests.',
    accept: 'Failed to accept the request.',
    reject: 'Failed to turn the request down.',
  },
  labour: {
    load: 'Failed to load the time on this work order.',
    add: 'Failed to add the time.',
    start: 'Failed to start the timer.',
    stop: 'Failed to stop the timer.',
    remove: 'Failed to delete the time entry.',
  },
  partmoves: {
    load: 'Failed to load the parts used on this work order.',
    move: 'Failed to record the part.',
    loadLedger: "Failed to load the part's ledger.",
    costs: "Failed to save the part's costs.",
    loadShort: 'Failed to load the parts short.',
  },
} as const satisfies ByArea<Record<string, string>>;

/**
 * Each area's texts are kept under its name (`shared/areas/registry.ts`), so adding an area without
 * a place for its texts does not compile; groups that are not areas (reports, account) sit beside.
 */
type ByArea<Texts> = { [K in AreaName]: Texts } & Record<string, Texts>;

/** Behaviour §8 not-found texts: `list` for an empty list, `one` for a record that is not there. */
export const NOT_FOUND_MESSAGES = {
  workorders: { list: 'No work orders found...', one: 'Work order not found...' },
  chemicals: { list: 'No chemicals found...', one: 'Chemical or location not found...' },
  parts: { list: 'No parts found...', one: 'Part not found...' },
  assets: { list: 'No assets found...', one: 'Asset not found...' },
  // The spec names no texts for the rest; worded like the work-order ones.
  maintenance: { list: 'No tasks found...', one: 'Task not found...' },
  locations: { list: 'No locations found...', one: 'Location not found...' },
  vendors: { list: 'No vendors found...', one: 'Vendor not found...' },
  admin: { users: 'No users found...', contactMessages: 'No contact messages yet...' },
  // Shown within the chemicals' screens, a form and the site's settings: nothing of their own.
  washes: {},
  contact: {},
  settings: {},
  kpis: {},
  codes: {},
  notifications: {},
  meters: { list: 'No meters on this asset yet.', readings: 'No readings yet.' },
  requests: { one: 'This report was not found. Check the link you were given.', list: 'No requests here.' },
  labour: { list: 'No time recorded yet.' },
  partmoves: { list: 'No parts used yet.', ledger: 'No stock movements yet.' },
} as const satisfies ByArea<Record<string, string>>;

/** Behaviour §8 Success messages. */
export const SUCCESS_MESSAGES = {
  workorders: {
    created: 'Work order created successfully!',
    completed: 'Work order marked as complete!',
    claimed: 'Work order claimed successfully!',
    unclaimed: 'Work order unclaimed successfully!',
  },
  maintenance: {
    created: 'Maintenance task created successfully',
    completed: 'Task marked as complete!',
    claimed: 'Task claimed successfully!',
    unclaimed: 'Task unclaimed successfully!',
    updated: 'Maintenance updated successfully',
  },
  washes: { countRecorded: 'Wash count recorded successfully!' },
  chemicals: { fillRecorded: 'Chemical fill recorded successfully!', inventoryRecorded: 'Chemical inventory recorded successfully!' },
  parts: { fillRecorded: 'Part fill recorded successfully!', inventoryRecorded: 'Part inventory recorded successfully!' },
  assets: { created: 'Asset created successfully', locationUpdated: 'Asset location updated successfully!', updated: 'Asset updated successfully' },
  locations: { created: 'Location created successfully', updated: 'Location updated successfully' },
  vendors: { created: 'Vendor created successfully', updated: 'Vendor updated successfully' },
  contact: { sent: 'Contact message sent successfully!' },
  /**
   * The answers to a staff user's change of an account (not in the spec), naming the account. The
   * two mails are answered with the server's own words (`shared/api/admin.ts`).
   */
  admin: {
    grantFullAccess: (email: string) => `Full access granted to ${email}.`,
    revokeFullAccess: (email: string) => `Full access revoked for ${email}.`,
    deactivate: (email: string) => `${email} is deactivated and signed out everywhere.`,
    reactivate: (email: string) => `${email} is active again.`,
    makeStaff: (email: string) => `${email} is now a staff user.`,
    removeStaff: (email: string) => `${email} is no longer a staff user.`,
    hourlyRate: (email: string) => `Hourly rate of ${email} saved.`,
    markRead: 'Message marked as read.',
    markUnread: 'Message marked as unread.',
  },
  // Read only: nothing to report.
  settings: {},
  kpis: {},
  codes: {},
  reports: { sent: 'Report sent successfully!' },
  account: {
    // The spec names these three without giving their wording.
    activated: 'Your account has been activated. You can now sign in.',
    resetEmailSent: 'If an account exists for that email, a password reset link has been sent.',
    passwordReset: 'Your password has been reset. You can now sign in.',
    /** Register success: the spec's "activation-email message", wording not given. */
    registered: 'Account created. Check your email for the activation link.',
  },
  notifications: { saved: 'Notification settings saved.' },
  meters: { created: 'Meter added.', readingRecorded: 'Reading recorded.' },
  requests: { sent: 'Thank you. Your report was sent to the maintenance team.', accepted: 'Request accepted: a work order was opened.', rejected: 'Request turned down.' },
  labour: { added: 'Time added.', started: 'Timer started.', stopped: 'Timer stopped.', removed: 'Time entry deleted.' },
  partmoves: { issue: 'Part issued to the work order.', return: 'Part returned from the work order.', costs: "The part's costs were saved." },
} as const satisfies ByArea<Record<string, string | ((email: string) => string)>>;

/** Behaviour §8 Queued (info) messages: what a stored action reports instead of success. */
export const QUEUED_MESSAGES = {
  workorders: {
    create: "You're offline. We'll submit this work order automatically once the connection is back.",
    complete: "We'll mark this work order complete once your connection is back.",
    claim: "We'll claim this work order once you're back online.",
    unclaim: "We'll unclaim this work order once you're back online.",
  },
  maintenance: {
    create: "You're offline. We'll create this maintenance task once the connection returns",
    complete: "We'll mark this task complete once the connection returns",
    claimOrUnclaim: "We'll claim or unclaim this task once you're back online",
    /** Behaviour §4 queues updates too but gives no text; worded like the create's. */
    update: "You're offline. We'll save these changes to the task once the connection returns",
  },
  // Quantities and counts made without signal (a car-wash bay): the spec gives no texts; worded like the task ones.
  parts: {
    fill: "You're offline. We'll record this part fill once the connection returns",
    inventory: "You're offline. We'll record this part inventory once the connection returns",
  },
  chemicals: {
    fill: "You're offline. We'll record this chemical fill once the connection returns",
    inventory: "You're offline. We'll record this chemical inventory once the connection returns",
  },
  washes: { count: "You're offline. We'll record these wash counts once the connection returns" },
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
  // A reading is taken where there is often no signal (a plant room): queued like a count.
  meters: { reading: "You're offline. We'll record this reading once the connection returns" },
  requests: {
    accept: "You're offline. We'll accept this request once the connection returns.",
    reject: "You're offline. We'll turn this request down once the connection returns.",
    // A visitor's report at a label (no account): kept on the device, not in a user's queue.
    send: "You're offline. Your report is kept on this phone and will be sent when the connection returns.",
    busy: 'Many reports were sent from here just now. Yours is kept on this phone and will be sent shortly.',
  },
  // A timer's start and stop carry the device's time, so one queued for a day still counts the hours worked.
  labour: {
    add: "You're offline. We'll add this time once the connection returns.",
    start: "You're offline. The timer runs from now; we'll send it once the connection returns.",
    stop: "You're offline. The timer stopped now; we'll send it once the connection returns.",
    remove: "You're offline. We'll delete this entry once the connection returns.",
  },
  // Issued where the work is (often without signal): queued like a fill, applied once, never refused for stock.
  partmoves: {
    issue: "You're offline. We'll issue this part once the connection returns.",
    return: "You're offline. We'll return this part once the connection returns.",
    costs: "You're offline. We'll save the part's costs once the connection returns.",
  },
} as const satisfies ByArea<Record<string, string>>;

/** Behaviour §8 Offline banners above saved data. */
export const OFFLINE_BANNERS = {
  workorderList: "Showing saved work orders. We'll refresh when you're online again.",
  workorderDetail: "Showing saved data. We'll refresh once the connection returns.",
  tasks: "Showing saved tasks or data. We'll refresh when you're online again.",
  /** Areas the spec gives no banner of their own (locations, vendors): the detail's general text. */
  savedData: "Showing saved data. We'll refresh once the connection returns.",
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
  return e?.serverMessage ?? fallback;
}

/**
 * Sign-in and the other account screens (behaviour §8): a refused login reads "Invalid username or
 * password"; other failures use the server's message or the error's text, else the fallback.
 */
export function authFailureMessage(error: unknown, fallback: string = AUTH_MESSAGES.loginFallback, isLogin = true): string {
  const e = asNormalized(error);
  if (!e) return error instanceof Error && error.message ? error.message : fallback;
  if (isLogin && e.status === 401) return AUTH_MESSAGES.loginInvalid;
  return e.serverMessage ?? e.message ?? fallback;
}
