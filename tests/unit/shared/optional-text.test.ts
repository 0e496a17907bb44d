/**
 * The optional-text rule (shared/rules/optional-text.ts), and that the worker stores a queued
 * completion's notes by it exactly as the server would take them sent at once.
 */
import { describe, expect, it } from 'vitest';
import { optionalText } from '../../../shared/rules/optional-text.js';
import { completionWrite } from '../../../src-worker/procedures/task-completion.js';

describe('optional text', () => {
  it('drops surrounding white space and makes nothing left into no value', () => {
    expect(optionalText('  Replaced the belt.\n')).toBe('Replaced the belt.');
    expect(optionalText('a  b')).toBe('a  b');
    for (const empty of ['', '   ', '\n\t ', null, undefined]) expect(optionalText(empty)).toBeNull();
  });

  it('is what a queued completion stores for its notes and each answer\'s note', () => {
    const steps = [{ id: 's1', label: 'Belt tension', kind: 'check' as const, required: true, unit: null, min: null, max: null }];
    for (const typed of ['  Greased  ', ' \n ', '']) {
      const plain = completionWrite(typed, undefined);
      expect(plain.payload.field_notes).toBe(optionalText(typed));
      const answered = completionWrite(typed, { procedureVersion: 3, steps, answers: [{ step_id: 's1', value: 'pass', note: typed }], photos: [] });
      expect(answered.payload.field_notes).toBe(optionalText(typed));
      expect(answered.payload.answers?.[0]?.note).toBe(optionalText(typed));
    }
  });
});
