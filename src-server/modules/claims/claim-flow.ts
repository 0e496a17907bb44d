/**
 * Claim → unclaim → complete, the one flow work orders and maintenance tasks share (docs/decisions.md:
 * Work-order state machine). The repository's conditional UPDATE decides, so of concurrent attempts exactly one applies;
 * when an attempt did not apply, the refusal is explained here from the record as it is afterwards.
 */
import type { UserRef } from '../../../shared/api/common.js';
import { conflict, forbidden, notFound, type HttpError } from '../../http/errors.js';
import { t } from '../../../shared/i18n/translate.js';

/** Whether a conditional state change applied. */
export type TransitionResult = 'done' | 'unchanged';

/** A conditional UPDATE's outcome: it applied when it changed exactly the one row. */
export async function transitionResult(update: Promise<{ numUpdatedRows: bigint }>): Promise<TransitionResult> {
  return Number((await update).numUpdatedRows) === 1 ? 'done' : 'unchanged';
}

/** Where a record stands in the flow. */
export interface ClaimState {
  /** Who holds the claim; null when it is free. */
  claimedBy: number | null;
  /** Done for good (a work order); a recurring task never is. */
  completed: boolean;
}

/** The records whose claims this flow decides, by the word their refusals name them with. */
export type ClaimNoun = 'task' | 'work order';

/**
 * The refusal texts of one area, naming its record: one whole sentence per record (a translation
 * may word "this task" and "this work order" differently), said when read in the reader's language.
 */
export function claimMessages(noun: ClaimNoun) {
  const task = noun === 'task';
  return {
    get alreadyYours() { return task ? t('You have already claimed this task.') : t('You have already claimed this work order.'); },
    get alreadyCompleted() { return task ? t('This task is already completed.') : t('This work order is already completed.'); },
    get notClaimed() { return task ? t('This task is not claimed.') : t('This work order is not claimed.'); },
    get notClaimedToComplete() { return task ? t('This task must be claimed before it can be completed.') : t('This work order must be claimed before it can be completed.'); },
    get onlyAssigneeUnclaim() { return task ? t('Only the user who claimed this task can unclaim it.') : t('Only the user who claimed this work order can unclaim it.'); },
    get onlyAssigneeComplete() { return task ? t('Only the user who claimed this task can complete it.') : t('Only the user who claimed this work order can complete it.'); },
    get changedWhileClaiming() {
      return task ? t('This task changed while it was being claimed. Please try again.') : t('This work order changed while it was being claimed. Please try again.');
    },
    claimedBy(holder: UserRef | null): string {
      const name = holder ? `${holder.first_name} ${holder.last_name}`.trim() : '';
      if (name) return task ? t('This task is already claimed by {name}.', { name }) : t('This work order is already claimed by {name}.', { name });
      return task ? t('This task is already claimed by another user.') : t('This work order is already claimed by another user.');
    },
  };
}
export type ClaimMessages = ReturnType<typeof claimMessages>;

export interface ClaimFlowOptions {
  messages: ClaimMessages;
  /** The record's state now; undefined when there is no such record. */
  stateOf(id: number): Promise<ClaimState | undefined>;
  /** The claimer's name, for "already claimed by". */
  users: { findById(id: number): Promise<UserRef | undefined> };
}

/** A claim that keeps finding the record released and re-taken gives up after this many tries. */
const CLAIM_ATTEMPTS = 3;

export class ClaimFlow {
  constructor(private readonly options: ClaimFlowOptions) {}

  /**
   * Runs `attempt` (the repository's conditional claim) until it applies or a refusal explains why
   * not. A record found free again after a failed attempt was released in between: try again.
   */
  async claim(id: number, userId: number, attempt: () => Promise<TransitionResult>): Promise<void> {
    const m = this.options.messages;
    for (let tries = 0; tries < CLAIM_ATTEMPTS; tries++) {
      if ((await attempt()) === 'done') return;
      const state = await this.existing(id);
      if (state.completed) throw conflict(m.alreadyCompleted);
      if (state.claimedBy !== null) {
        if (state.claimedBy === userId) throw conflict(m.alreadyYours);
        const holder = await this.options.users.findById(state.claimedBy);
        throw conflict(m.claimedBy(holder ? { id: holder.id, first_name: holder.first_name, last_name: holder.last_name } : null));
      }
    }
    throw conflict(m.changedWhileClaiming);
  }

  async unclaim(id: number, userId: number, attempt: () => Promise<TransitionResult>): Promise<void> {
    if ((await attempt()) === 'done') return;
    const m = this.options.messages;
    throw this.refusal(await this.existing(id), userId, m.notClaimed, m.onlyAssigneeUnclaim);
  }

  async complete(id: number, userId: number, attempt: () => Promise<TransitionResult>): Promise<void> {
    if ((await attempt()) === 'done') return;
    const m = this.options.messages;
    throw this.refusal(await this.existing(id), userId, m.notClaimedToComplete, m.onlyAssigneeComplete);
  }

  /** Only the claimer may unclaim or complete; anyone else is forbidden, a free record is a conflict. */
  private refusal(state: ClaimState, userId: number, notClaimed: string, onlyAssignee: string): HttpError {
    if (state.completed) return conflict(this.options.messages.alreadyCompleted);
    return state.claimedBy === null || state.claimedBy === userId ? conflict(notClaimed) : forbidden(onlyAssignee);
  }

  private async existing(id: number): Promise<ClaimState> {
    const state = await this.options.stateOf(id);
    if (!state) throw notFound();
    return state;
  }
}
