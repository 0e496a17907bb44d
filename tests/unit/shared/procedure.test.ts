import { describe, expect, it } from 'vitest';
import {
  answerText,
  checkAnswers,
  checkProcedure,
  followUpDescription,
  needsFollowUpNote,
  parseStepNumber,
  PROCEDURE_MAX_PHOTO_STEPS,
  PROCEDURE_MAX_STEPS,
  PROCEDURE_MESSAGES,
  rangeText,
  type ProcedureStep,
  type StepDraft,
} from '../../../shared/rules/procedure.js';

let n = 0;
const newId = () => `new${++n}`;

describe('a procedure as a form or a client gives it', () => {
  it('is kept in one shape: labels and units trimmed, bounds as numbers, what other kinds do not have dropped', () => {
    const { steps, issues } = checkProcedure(
      [
        { id: 'belt', kind: 'check', label: '  Belt intact ', required: true, unit: 'psi', min: 3 },
        { kind: 'reading', label: 'Pressure', unit: ' psi ', min: '10', max: 100.5 },
        { kind: 'reading', label: 'Level', unit: '', min: '', max: null },
        { kind: 'text', label: 'Remarks' },
        { kind: 'photo', label: 'Gauge', required: true },
      ],
      () => 'made',
    );
    expect(issues).toEqual([]);
    expect(steps).toEqual([
      { id: 'belt', kind: 'check', label: 'Belt intact', required: true, unit: null, min: null, max: null },
      { id: 'made', kind: 'reading', label: 'Pressure', required: false, unit: 'psi', min: 10, max: 100.5 },
      { id: 'made', kind: 'reading', label: 'Level', required: false, unit: null, min: null, max: null },
      { id: 'made', kind: 'text', label: 'Remarks', required: false, unit: null, min: null, max: null },
      { id: 'made', kind: 'photo', label: 'Gauge', required: true, unit: null, min: null, max: null },
    ]);
    // Keys in one order, so equal steps are equal JSON (the server compares them as text).
    expect(Object.keys(steps[0]!)).toEqual(['id', 'kind', 'label', 'required', 'unit', 'min', 'max']);
  });

  it('names each field that is wrong, with the step\'s number', () => {
    const drafts: StepDraft[] = [
      { kind: 'check', label: '' },
      { kind: 'reading', label: 'Pressure', min: 5, max: 4 },
      { kind: 'reading', label: 'Temperature', min: 'cold', max: '1,5' },
      { kind: 'gauge', label: 'Odd' },
      { id: 'same', kind: 'text', label: 'A' },
      { id: 'same', kind: 'text', label: 'B' },
      { id: 'has space', kind: 'text', label: 'C' },
      { kind: 'text', label: 'x'.repeat(201) },
      { kind: 'reading', label: 'Flow', unit: 'u'.repeat(21) },
    ];
    expect(checkProcedure(drafts, newId).issues).toEqual([
      { path: 'steps.0.label', message: 'Step 1: enter a label.' },
      { path: 'steps.1.min', message: 'Step 2: the minimum is greater than the maximum.' },
      { path: 'steps.2.min', message: 'Step 3: the minimum is not a number.' },
      { path: 'steps.2.max', message: 'Step 3: the maximum is not a number.' },
      { path: 'steps.3.kind', message: 'Step 4: choose a check, a reading, a text answer or a photo.' },
      { path: 'steps.5.id', message: PROCEDURE_MESSAGES.sameId(6) },
      { path: 'steps.6.id', message: PROCEDURE_MESSAGES.badId(7) },
      { path: 'steps.7.label', message: 'Step 8: the label has at most 200 characters.' },
      { path: 'steps.8.unit', message: 'Step 9: the unit has at most 20 characters.' },
    ]);
  });

  it('allows an equal minimum and maximum, and ranges on one side only', () => {
    expect(checkProcedure([{ kind: 'reading', label: 'R', min: 3, max: 3 }, { kind: 'reading', label: 'S', max: 0 }], newId).issues).toEqual([]);
  });

  it('has at most 50 steps and at most 10 photo steps (one request carries the photos)', () => {
    const many = Array.from({ length: PROCEDURE_MAX_STEPS + 1 }, (_, i): StepDraft => ({ kind: 'check', label: `Step ${i}` }));
    expect(checkProcedure(many, newId).issues).toEqual([{ path: 'steps', message: PROCEDURE_MESSAGES.tooManySteps }]);
    const photos = Array.from({ length: PROCEDURE_MAX_PHOTO_STEPS + 1 }, (_, i): StepDraft => ({ kind: 'photo', label: `Photo ${i}` }));
    expect(checkProcedure(photos, newId).issues).toEqual([{ path: 'steps', message: PROCEDURE_MESSAGES.tooManyPhotoSteps }]);
  });
});

describe('numbers as typed', () => {
  it('reads decimals and refuses what is not one', () => {
    expect([parseStepNumber(' 42 '), parseStepNumber('-0.5'), parseStepNumber('.5'), parseStepNumber('1e-7'), parseStepNumber(7), parseStepNumber(''), parseStepNumber(null)]).toEqual([42, -0.5, 0.5, 1e-7, 7, null, null]);
    for (const bad of ['forty', '1,5', '0x10', 'Infinity', '4 2', '-', NaN, Infinity]) expect(parseStepNumber(bad)).toBe('invalid');
  });
});

const steps: ProcedureStep[] = [
  { id: 'belt', kind: 'check', label: 'Belt intact', required: true, unit: null, min: null, max: null },
  { id: 'psi', kind: 'reading', label: 'Pressure', required: true, unit: 'psi', min: 10, max: 100 },
  { id: 'note', kind: 'text', label: 'Remarks', required: false, unit: null, min: null, max: null },
  { id: 'pic', kind: 'photo', label: 'Gauge photo', required: true, unit: null, min: null, max: null },
];

describe('answers to a procedure', () => {
  it('are kept per step in the steps\' order; a failed check and a reading outside its range open a follow-up', () => {
    const { answers, issues } = checkAnswers(
      steps,
      [
        { step_id: 'psi', value: '120', note: ' reads high ' },
        { step_id: 'belt', value: 'fail', note: 'Frayed' },
        { step_id: 'note', value: '  ' },
      ],
      new Set(['pic']),
    );
    expect(issues).toEqual([]);
    expect(answers.map((a) => [a.step.id, a.value, a.note, a.photo, a.followUp])).toEqual([
      ['belt', 'fail', 'Frayed', false, true],
      ['psi', 120, 'reads high', false, true],
      ['note', null, null, false, false],
      ['pic', null, null, true, false],
    ]);
  });

  it('takes readings on the bounds as in range', () => {
    for (const value of [10, 100, '55.5']) {
      const { answers, issues } = checkAnswers(steps, [{ step_id: 'belt', value: 'pass' }, { step_id: 'psi', value }], new Set(['pic']));
      expect(issues).toEqual([]);
      expect(answers[1]!.followUp).toBe(false);
    }
  });

  it('names what is missing or wrong, one problem per step, at the step', () => {
    const { issues } = checkAnswers(steps, [{ step_id: 'belt', value: 'maybe' }, { step_id: 'psi', value: 'forty' }], new Set());
    expect(issues).toEqual([
      { path: 'answers.belt', message: 'Belt intact: choose Pass or Fail.' },
      { path: 'answers.psi', message: 'Pressure: the reading is not a number.' },
      { path: 'answers.pic', message: 'Gauge photo: this step needs an answer.' },
    ]);
    const notes = checkAnswers(steps, [{ step_id: 'belt', value: 'fail' }, { step_id: 'psi', value: 9 }], new Set(['pic'])).issues;
    expect(notes).toEqual([
      { path: 'answers.belt', message: 'Belt intact: add a short note about the failure.' },
      { path: 'answers.psi', message: 'Pressure: the reading is outside its range; add a short note.' },
    ]);
    const long = checkAnswers(steps, [{ step_id: 'belt', value: 'pass', note: 'n'.repeat(501) }, { step_id: 'psi', value: 50 }], new Set(['pic'])).issues;
    expect(long).toEqual([{ path: 'answers.belt', message: 'Belt intact: the note has at most 500 characters.' }]);
  });

  it('refuses answers to steps the task does not have, and two answers to one step', () => {
    const { issues } = checkAnswers(steps, [{ step_id: 'gone', value: 'x' }, { step_id: 'belt', value: 'pass' }, { step_id: 'belt', value: 'fail' }, { step_id: 'psi', value: 50 }], new Set(['pic', 'psi']));
    expect(issues).toEqual([
      { path: 'answers', message: PROCEDURE_MESSAGES.unknownStep },
      { path: 'answers', message: PROCEDURE_MESSAGES.answeredTwice },
      { path: 'answers', message: PROCEDURE_MESSAGES.unknownStep },
    ]);
  });

  it('asks for a note as soon as the answer typed opens a follow-up', () => {
    expect(needsFollowUpNote(steps[0]!, 'fail')).toBe(true);
    expect(needsFollowUpNote(steps[0]!, 'pass')).toBe(false);
    expect(needsFollowUpNote(steps[1]!, '101')).toBe(true);
    expect(needsFollowUpNote(steps[1]!, '100')).toBe(false);
    expect(needsFollowUpNote(steps[1]!, 'abc')).toBe(false);
    expect(needsFollowUpNote(steps[2]!, 'fail')).toBe(false);
  });
});

describe('what a follow-up work order says', () => {
  it('names the task, the step and the answer, with the note', () => {
    const task = { id: 12, description: 'Inspect the wash pumps' };
    expect(followUpDescription(task, { step: steps[0]!, value: 'fail', note: 'Frayed' })).toBe('Follow-up from maintenance task #12 (Inspect the wash pumps): step "Belt intact" failed. Note: Frayed');
    expect(followUpDescription(task, { step: steps[1]!, value: 120, note: null })).toBe('Follow-up from maintenance task #12 (Inspect the wash pumps): step "Pressure" read 120 psi, outside 10–100 psi.');
    const long = followUpDescription({ id: 1, description: 'd'.repeat(500) }, { step: steps[0]!, value: 'fail', note: null });
    expect(long.length).toBeLessThan(300);
  });

  it('says ranges and answers the way the screens do', () => {
    expect(rangeText({ min: 10, max: null, unit: 'psi' })).toBe('at least 10 psi');
    expect(rangeText({ min: null, max: 5, unit: null })).toBe('at most 5');
    expect(rangeText({ min: null, max: null, unit: 'psi' })).toBeNull();
    expect(answerText({ kind: 'check', value: 'pass', unit: null })).toBe('Pass');
    expect(answerText({ kind: 'reading', value: 42, unit: 'psi' })).toBe('42 psi');
    expect(answerText({ kind: 'photo', value: null, unit: null, photo: 'http://x/media/a.png' })).toBe('Photo');
    expect(answerText({ kind: 'text', value: null, unit: null })).toBe('Not answered');
  });
});
