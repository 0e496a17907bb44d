import { describe, expect, it } from 'vitest';
import { messageForScreen } from '../../../shared/data/messages';
import type { NormalizedError } from '../../../shared/data/protocol';
import { DataError, fieldError, toDataError } from '../../../src-ui/state/errors';

const conflict: NormalizedError = {
  kind: 'normalized-error',
  type: 'validation',
  status: 409,
  message: 'Some fields need your attention.',
  serverMessage: 'This work order is already claimed by Alex Morgan.',
  fields: null,
  retryable: false,
  shouldNotify: true,
  code: null,
};

describe('errors crossing the bridge', () => {
  it('turns a thrown NormalizedError into a DataError that keeps every field', () => {
    const e = toDataError(conflict);
    expect(e).toBeInstanceOf(DataError);
    expect(e).toBeInstanceOf(Error);
    expect({ ...e, message: e.message }).toMatchObject({ ...conflict });
  });

  it('turns anything else into the default error', () => {
    const e = toDataError(new Error('port closed'));
    expect(e.type).toBe('unknown');
    expect(e.message).toBe('Something went wrong. Please try again.');
  });

  it('lets screens use the server text, else their fallback', () => {
    expect(messageForScreen(toDataError(conflict), 'Failed to claim work order. Please try again.')).toBe(conflict.serverMessage);
    expect(messageForScreen(toDataError({ ...conflict, serverMessage: null }), 'Failed to claim work order. Please try again.')).toBe(
      'Failed to claim work order. Please try again.',
    );
  });

  it('reads field errors in the DRF shape', () => {
    const e = toDataError({ ...conflict, fields: { description: ['This field may not be blank.'] } });
    expect(fieldError(e, 'description')).toBe('This field may not be blank.');
    expect(fieldError(e, 'location_id')).toBeNull();
  });
});
