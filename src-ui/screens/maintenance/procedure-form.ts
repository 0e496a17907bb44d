/**
 * A task's procedure as the create and update forms hold it (text as typed in every box) and as they
 * send it, judged by the shared rule (shared/rules/procedure.ts) so a form names the same field in
 * the same words as the server. Pure.
 */
import type { ProcedureStep } from '../../../shared/api/procedures';
import { checkProcedure, type StepKind } from '../../../shared/rules/procedure';

/** One step's boxes. */
export interface StepValues {
  id: string;
  kind: StepKind;
  label: string;
  required: boolean;
  unit: string;
  min: string;
  max: string;
  /** A reading's meter; NO_METER (0) for none. */
  meter_id: number;
}

/**
 * A new step's id, made here so a task created or edited offline has its steps named before the
 * server sees them (answers are kept by step id).
 */
export function newStepId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 12);
}

export function newStep(kind: StepKind = 'check'): StepValues {
  return { id: newStepId(), kind, label: '', required: true, unit: '', min: '', max: '', meter_id: 0 };
}

export function stepValuesOf(steps: readonly ProcedureStep[]): StepValues[] {
  return steps.map((s) => ({
    id: s.id,
    kind: s.kind,
    label: s.label,
    required: s.required,
    unit: s.unit ?? '',
    min: s.min === null ? '' : String(s.min),
    max: s.max === null ? '' : String(s.max),
    meter_id: s.meter_id ?? 0,
  }));
}

/** The form's problems by field path (`steps.1.label`), in the rule's words; none when it may be sent. */
export function procedureErrors(values: readonly StepValues[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of checkProcedure(values, newStepId).issues) errors[issue.path] ??= issue.message;
  return errors;
}

/** The steps as sent: judged and in the one shape the server keeps (checked by `procedureErrors` first). */
export function stepsToSend(values: readonly StepValues[]): ProcedureStep[] {
  return checkProcedure(values, newStepId).steps;
}

/** Whether two procedures are the same steps (an update sends the steps only when they changed). */
export function sameSteps(a: readonly ProcedureStep[], b: readonly ProcedureStep[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
