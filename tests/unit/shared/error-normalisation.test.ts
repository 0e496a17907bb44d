import { describe, expect, it } from 'vitest';
import {
  cancelledError,
  fieldErrorsOf,
  isTransientFailure,
  networkError,
  normalizeHttpError,
  offlineError,
  queueError,
  serverTextOf,
  toNormalizedError,
  unknownError,
} from '../../../shared/data/errors.js';
import { AUTH_MESSAGES, ERROR_MESSAGES, authFailureMessage, messageForScreen, SCREEN_MESSAGES } from '../../../shared/data/messages.js';
import { createToastGate, toastKey } from '../../../shared/data/toast-gate.js';

describe('behaviour §8 normalisation table', () => {
  it('offline: no toast, retryable, the offline text', () => {
    expect(offlineError()).toMatchObject({ type: 'offline', status: null, message: ERROR_MESSAGES.offline, retryable: true, shouldNotify: false });
    expect(ERROR_MESSAGES.offline).toBe("You're offline. Please check your internet connection and try again.");
  });

  it('network: notified, retryable', () => {
    expect(networkError()).toMatchObject({ type: 'network', message: "We couldn't reach the server. Please try again in a moment.", retryable: true, shouldNotify: true });
  });

  it.each([500, 502, 503, 599])('%i: server type, retryable, the server-issue text', (status) => {
    expect(normalizeHttpError(status, { detail: 'boom' })).toMatchObject({
      type: 'server',
      status,
      message: 'The server encountered an issue. Please try again shortly.',
      serverMessage: 'boom',
      retryable: true,
      shouldNotify: true,
    });
  });

  it('401: auth type, not retryable, the session-expired text', () => {
    expect(normalizeHttpError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' })).toMatchObject({
      type: 'auth',
      message: 'Your session has expired. Please sign in again.',
      serverMessage: 'Token is invalid or expired',
      retryable: false,
      shouldNotify: true,
    });
  });

  it("403: not notified, not retryable; the server's text when present", () => {
    expect(normalizeHttpError(403, { detail: 'Only the assignee may complete this work order.' })).toMatchObject({
      type: 'forbidden',
      message: 'Only the assignee may complete this work order.',
      retryable: false,
      shouldNotify: false,
    });
    expect(normalizeHttpError(403, null).message).toBe('You do not have permission to perform this action.');
  });

  it('404: not notified, not retryable', () => {
    expect(normalizeHttpError(404, { detail: 'Not found.' })).toMatchObject({ type: 'not_found', message: "We couldn't find what you were looking for.", retryable: false, shouldNotify: false });
  });

  it.each([408, 429, 504])('%i: timeout type, retryable', (status) => {
    const error = normalizeHttpError(status, null);
    expect(error).toMatchObject({ type: 'timeout', status, retryable: true, shouldNotify: true });
    expect(isTransientFailure(error)).toBe(true);
  });

  it.each([400, 405, 409, 413, 422])("%i: validation type with the server's text or the fields text", (status) => {
    expect(normalizeHttpError(status, { location_id: ['This field is required.'] })).toMatchObject({
      type: 'validation',
      message: 'This field is required.',
      fields: { location_id: ['This field is required.'] },
      retryable: false,
      shouldNotify: true,
    });
    expect(normalizeHttpError(status, null).message).toBe('Some fields need your attention.');
  });

  it('cancelled: no toast', () => {
    expect(cancelledError()).toMatchObject({ type: 'cancelled', message: 'The request was cancelled before completion.', shouldNotify: false, retryable: false });
  });

  it('default: something went wrong', () => {
    expect(unknownError()).toMatchObject({ type: 'unknown', message: 'Something went wrong. Please try again.' });
    expect(toNormalizedError(new Error('x')).message).toBe('Something went wrong. Please try again.');
    expect(normalizeHttpError(302, null).type).toBe('unknown');
  });

  it('only offline, network and retryable errors count as transient (queue, cache fallback)', () => {
    expect(isTransientFailure(offlineError())).toBe(true);
    expect(isTransientFailure(networkError())).toBe(true);
    expect(isTransientFailure(normalizeHttpError(503, null))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422]) expect(isTransientFailure(normalizeHttpError(status, null))).toBe(false);
  });
});

describe('server text', () => {
  it('is read from detail, then message, then error, then the first field', () => {
    expect(serverTextOf({ detail: 'D', message: 'M', error: 'E' })).toBe('D');
    expect(serverTextOf({ message: 'M', error: 'E' })).toBe('M');
    expect(serverTextOf({ error: 'E', name: ['N'] })).toBe('E');
    expect(serverTextOf({ description: ['Describe it.'], location_id: ['Pick one.'] })).toBe('Describe it.');
    expect(serverTextOf({ non_field_errors: ['Nope.'] })).toBe('Nope.');
  });

  it('is absent for bodies without text', () => {
    expect(serverTextOf(null)).toBeNull();
    expect(serverTextOf('<html>')).toBeNull();
    expect(serverTextOf({ code: 'x' })).toBeNull();
    expect(serverTextOf({ detail: '' })).toBeNull();
  });

  it('field errors keep the DRF shape and leave the envelope out', () => {
    expect(fieldErrorsOf({ detail: 'x', code: 'y' })).toBeNull();
    expect(fieldErrorsOf({ count: ['A valid integer is required.'] })).toEqual({ count: ['A valid integer is required.'] });
  });
});

describe('screen messages', () => {
  it("use the server's message when there is one, else the screen's fallback", () => {
    expect(messageForScreen(normalizeHttpError(409, { detail: 'Claimed by Ann Smith.' }), SCREEN_MESSAGES.workorders.claim)).toBe('Claimed by Ann Smith.');
    expect(messageForScreen(offlineError(), SCREEN_MESSAGES.workorders.claim)).toBe('Failed to claim work order. Please try again.');
    expect(messageForScreen(new Error('x'), SCREEN_MESSAGES.contact.send)).toBe('Failed to send your message. Please try again.');
    expect(messageForScreen(queueError('Offline queue storage limit reached', 'QUEUE_TOTAL_LIMIT'), SCREEN_MESSAGES.workorders.create)).toBe('Offline queue storage limit reached');
  });

  it('login: a refusal reads "Invalid username or password"; others the server text or the error text', () => {
    expect(authFailureMessage(normalizeHttpError(401, { detail: 'No active account found with the given credentials' }))).toBe(AUTH_MESSAGES.loginInvalid);
    expect(authFailureMessage(normalizeHttpError(400, { email: ['Enter a valid email address.'] }))).toBe('Enter a valid email address.');
    expect(authFailureMessage(networkError())).toBe(ERROR_MESSAGES.network);
    expect(authFailureMessage('???')).toBe('Login failed. Please try again.');
  });
});

describe('toast de-duplication', () => {
  it('does not repeat the same toast within 4 s, and does after', () => {
    let now = 1_000;
    const mayShow = createToastGate(undefined, () => now);
    const key = toastKey('error', 'Error', 'Nope');
    expect(mayShow(key)).toBe(true);
    now += 3_999;
    expect(mayShow(key)).toBe(false);
    expect(mayShow(toastKey('error', 'Error', 'Other'))).toBe(true);
    now += 1;
    expect(mayShow(key)).toBe(true);
  });
});
