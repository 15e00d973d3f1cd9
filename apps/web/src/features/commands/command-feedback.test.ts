import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import {
  lockAnswerFeedback,
  lockErrorFeedback,
  pingAnswerFeedback,
  pingErrorFeedback,
} from './command-feedback';

const t = i18n.getFixedT('en');
const refused = (status: number, code: string) =>
  new ApiError('server text', status, 'http', { message: 'server text', code });

describe('lock feedback', () => {
  it('confirms an acknowledged lock or unlock with the cart number', () => {
    expect(lockAnswerFeedback(t, 1, { state: 'acknowledged' }, '7')).toEqual({
      message: 'Cart 7 locked',
      severity: 'success',
      reloadCart: false,
    });
    expect(lockAnswerFeedback(t, 0, { state: 'acknowledged' }, '7').message).toBe('Cart 7 unlocked');
  });

  it.each(['failed', 'expired', 'sent'] as const)('reports a %s command as not done (§8)', (state) => {
    expect(lockAnswerFeedback(t, 1, { state }, '7')).toMatchObject({
      message: 'Cart could not be locked',
      severity: 'error',
    });
    expect(lockAnswerFeedback(t, 0, { state }, '7').message).toBe('Cart could not be unlocked');
  });

  it('shows the §8 texts for already locked/unlocked and asks for a reload of the stale cart', () => {
    expect(lockErrorFeedback(t, refused(409, 'alreadyLocked'))).toEqual({
      message: 'Cart is already locked',
      severity: 'info',
      reloadCart: true,
    });
    expect(lockErrorFeedback(t, refused(409, 'alreadyUnlocked'))).toMatchObject({
      message: 'Cart is already unlocked',
      reloadCart: true,
    });
  });

  it.each([
    [409, 'offline', 'Cart is offline'],
    [409, 'keyMode', 'Cart is in key mode'],
    [409, 'notKeyless', 'This site does not use keyless carts'],
    [403, 'role', 'Your role may not lock or unlock carts'],
  ])('translates the refusal %i %s', (status, code, message) => {
    expect(lockErrorFeedback(t, refused(status, code))).toEqual({
      message,
      severity: 'warning',
      reloadCart: false,
    });
  });

  it('falls back to the generic command error for anything else', () => {
    expect(lockErrorFeedback(t, new ApiError('down', 0, 'network')).message).toBe('Error sending command');
    expect(lockErrorFeedback(t, refused(409, 'somethingNew')).message).toBe('Error sending command');
    expect(lockErrorFeedback(t, refused(500, 'offline')).message).toBe('Error sending command');
  });
});

describe('ping feedback', () => {
  it('uses the odometer texts of §8 for reset odometer (7)', () => {
    expect(pingAnswerFeedback(t, 7, { state: 'acknowledged' }, '3').message).toBe('Odometer reset');
    expect(pingAnswerFeedback(t, 7, { state: 'failed' }, '3').message).toBe('Error resetting odometer');
    expect(pingErrorFeedback(t, 7, new ApiError('down', 0, 'network')).message).toBe(
      'Error resetting odometer',
    );
  });

  it('names reboot and sound, and refuses with the server reason', () => {
    expect(pingAnswerFeedback(t, 3, { state: 'acknowledged' }, '3').message).toBe('Cart 3 is restarting');
    expect(pingAnswerFeedback(t, 8, { state: 'expired' }, '3').message).toBe('Error sending command');
    expect(pingErrorFeedback(t, 5, refused(403, 'notAllowed')).message).toBe(
      'Your role may not send this command',
    );
  });
});
