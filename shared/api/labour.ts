/**
 * Labour on work orders (docs/decisions.md: What the work costs): time entered by hand (`minutes`
 * and a `date`), or a timer's `started_at` and `stopped_at`; a timer that runs is an entry without
 * `stopped_at` until it is stopped. Each entry keeps the hourly rate of its author when it was made,
 * so a later rate change never rewrites past costs. Limited users never see rates or costs: their
 * answers carry `hourly_rate` and `cost` as null.
 */
import { Type, type Static } from '@sinclair/typebox';
import { RecordDate, type EveryKey, type UserRef } from './common.js';
import { t } from '../i18n/translate.js';

/** One entry may cover at most this long (a shift and a half). */
export const LABOUR_MAX_MINUTES = 16 * 60;
/** An hourly rate is at most this, in the site's currency. */
export const HOURLY_RATE_MAX = 100_000;

/**
 * POST workorders/{id}/labour/: time by hand `{minutes, date}`, a finished timer `{started_at,
 * stopped_at}`, or a timer started `{started_at}` (stopped later by POST .../labour/stop/). The
 * route checks every field, so each problem is named.
 */
export const LabourBody = Type.Object({
  // A number, not an integer: a fraction is refused by the route in LABOUR_MESSAGES' words ("whole minutes").
  minutes: Type.Optional(Type.Union([Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }), Type.Null()])),
  date: Type.Optional(Type.Union([RecordDate, Type.Null()])),
  started_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  stopped_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
});
export type LabourBody = Static<typeof LabourBody>;

/** POST workorders/{id}/labour/stop/: stops the caller's running timer on the order. */
export const LabourStopBody = Type.Object({ stopped_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])) });
export type LabourStopBody = Static<typeof LabourStopBody>;

export interface LabourEntry {
  id: number;
  /** The order the time was worked on; null for time on a maintenance task. */
  work_order_id: number | null;
  /** The maintenance task the time was worked on; null for time on an order. */
  task_id: number | null;
  /** The task's completion the time went to; null until the task is completed (and for an order's time). */
  task_completion_id: number | null;
  user: UserRef;
  /** A timer's start, or for time by hand its date at the start of the day (UTC). */
  started_at: string;
  /** Null while a timer runs. */
  stopped_at: string | null;
  /** Null while a timer runs. */
  minutes: number | null;
  /** The day time by hand was entered for (YYYY-MM-DD; it has no clock time); null for a timer. */
  date: string | null;
  /** The author's rate when the entry was made (per hour); null for limited users. */
  hourly_rate: number | null;
  /** minutes × rate, to the cent; null while running, and for limited users. */
  cost: number | null;
  created_at: string;
}

/**
 * The answer of POST workorders/{id}/labour/: the entry, and when starting a timer stopped the
 * caller's running one (on another order or the same), that order's id (LABOUR_MESSAGES.stoppedOther).
 */
export interface LabourAdded extends LabourEntry {
  /** The order whose timer this start stopped. */
  stopped_timer_on?: number;
  /** The maintenance task whose timer this start stopped. */
  stopped_timer_on_task?: number;
}

export const LABOUR_ENTRY_KEYS = {
  id: true,
  work_order_id: true,
  task_id: true,
  task_completion_id: true,
  user: true,
  started_at: true,
  stopped_at: true,
  minutes: true,
  date: true,
  hourly_rate: true,
  cost: true,
  created_at: true,
} satisfies EveryKey<LabourEntry>;

/** A work order's costs (full access only): labour and parts, to the cent. */
export interface WorkOrderCosts {
  labour_minutes: number;
  labour_cost: number;
  parts_cost: number;
  total: number;
}

export const WORK_ORDER_COSTS_KEYS = { labour_minutes: true, labour_cost: true, parts_cost: true, total: true } satisfies EveryKey<WorkOrderCosts>;

/** The texts the labour routes answer with. */
export const LABOUR_MESSAGES = {
  // Getters: each is said when read, in the reader's language (docs/i18n.md).
  get timeNeeded() { return t('Enter minutes and a date, or a start and a stop.'); },
  get minutesRange() { return t('Enter whole minutes from 1 to {max}.', { max: LABOUR_MAX_MINUTES }); },
  get stopBeforeStart() { return t('The stop must be after the start.'); },
  get tooLong() { return t('An entry can cover at most {hours} hours.', { hours: LABOUR_MAX_MINUTES / 60 }); },
  get future() { return t('This time is more than a day in the future.'); },
  get badTime() { return t('Enter a date and time.'); },
  get notYours() { return t('Only the technician who claimed this work order can record time on it.'); },
  get completed() { return t('This work order is completed; only a supervisor can change its time.'); },
  get noTimer() { return t('You have no timer running on this work order.'); },
  get deleteNotYours() { return t('Only its author can delete this entry while the work order is open.'); },
  get noTimerOnTask() { return t('You have no timer running on this task.'); },
  /** Starting a timer stops the one running elsewhere; the answer says so. */
  stoppedOther: (orderId: number) => t('Your timer on work order #{orderId} was stopped.', { orderId }),
  stoppedOtherTask: (taskId: number) => t('Your timer on task #{taskId} was stopped.', { taskId }),
};

/** The Add Time form as the device checks it before sending (the server checks again). */
export const LabourForm = Type.Object({
  minutes: Type.Integer({ minimum: 1, maximum: LABOUR_MAX_MINUTES }),
  date: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
});
