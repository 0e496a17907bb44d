import { describe, expect, it } from 'vitest';
import type { ProcedureStep } from '../../../shared/api/procedures.js';
import { schemaResolver } from '../../../src-ui/kit/form.js';
import { TaskForm } from '../../../shared/api/maintenance.js';
import { newStep, procedureErrors, sameSteps, stepsToSend, stepValuesOf, type StepValues } from '../../../src-ui/screens/maintenance/procedure-form.js';

const saved: ProcedureStep[] = [
  { id: 'belt', kind: 'check', label: 'Belt intact', required: true, unit: null, min: null, max: null },
  { id: 'psi', kind: 'reading', label: 'Pressure', required: false, unit: 'psi', min: 10, max: 100 },
];

describe('the procedure in the task forms', () => {
  it('shows a task\'s steps in the boxes and sends them back unchanged when nothing was edited', () => {
    const values = stepValuesOf(saved);
    expect(values[1]).toEqual({ id: 'psi', kind: 'reading', label: 'Pressure', required: false, unit: 'psi', min: '10', max: '100', meter_id: 0 });
    expect(sameSteps(stepsToSend(values), saved)).toBe(true);
    // A reading given a meter sends it; a check never does, and a step without one keeps its old spelling.
    const metered = stepsToSend(values.map((v) => ({ ...v, meter_id: 7 })));
    expect(metered.map((s) => s.meter_id)).toEqual([undefined, 7]);
    expect(stepValuesOf(metered)[1]!.meter_id).toBe(7);
    const edited = values.map((v): StepValues => (v.id === 'psi' ? { ...v, max: '120' } : v));
    expect(sameSteps(stepsToSend(edited), saved)).toBe(false);
    expect(sameSteps(stepsToSend([values[1]!, values[0]!]), saved)).toBe(false);
  });

  it('gives a new step its own id, so a task made offline names its steps', () => {
    const [a, b] = [newStep(), newStep('reading')];
    expect(a.id).toMatch(/^[0-9a-f]{12}$/);
    expect(a.id).not.toBe(b.id);
    expect(b).toMatchObject({ kind: 'reading', required: true, label: '' });
  });

  it('names the boxes that are wrong, in the server\'s words, where react-hook-form looks for them', async () => {
    const steps = [{ ...newStep(), label: ' ' }, { ...newStep('reading'), label: 'Pressure', min: '9', max: '3' }, { ...newStep('reading'), label: 'Flow', max: 'lots' }];
    expect(procedureErrors(steps)).toEqual({
      'steps.0.label': 'Step 1: enter a label.',
      'steps.1.min': 'Step 2: the minimum is greater than the maximum.',
      'steps.2.max': 'Step 3: the maximum is not a number.',
    });
    const values = { location_id: 1, description: 'd', recurrence_interval: 7, last_completed_date: '2026-01-01', steps };
    const resolver = schemaResolver<typeof values>(TaskForm, ({ steps: _steps, ...rest }) => rest, (v) => procedureErrors(v.steps));
    const result = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as unknown as { steps: Record<number, Record<string, { message: string }>> };
    expect(errors.steps[0]!.label!.message).toBe('Step 1: enter a label.');
    expect(errors.steps[2]!.max!.message).toBe('Step 3: the maximum is not a number.');
  });
});
