import type { CommandState, CommandView } from '@fairway/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relaySocketEvent } from '../realtime';
import { openBulkWatch } from './bulk-outcome-watch';

const NOW = Date.parse('2025-01-01T10:00:00.000Z');
const command = (id: string, state: CommandState = 'sent'): CommandView => ({
  _id: `command-${id}`,
  deviceId: `cart-${id}`,
  siteId: 'site',
  name: 'lock',
  code: null,
  state,
  error: null,
  result: null,
  source: 'dashboard',
  requestedBy: null,
  issuedAt: new Date(NOW).toISOString(),
  sentAt: null,
  ackedAt: null,
  expiresAt: new Date(NOW + 8_000).toISOString(),
  finishedAt: null,
});
const labelOf = (deviceId: string) => deviceId.replace('cart-', '');

beforeEach(() => vi.useFakeTimers({ now: NOW }));
afterEach(() => vi.useRealTimers());

describe('openBulkWatch', () => {
  it('reports the carts that did not confirm once, after every command ended', () => {
    const report = vi.fn();
    const watch = openBulkWatch();
    watch.follow([command('1'), command('2'), command('3')], labelOf, report);

    relaySocketEvent('command:update', command('1', 'acknowledged'));
    relaySocketEvent('command:update', command('2', 'failed'));
    expect(report).not.toHaveBeenCalled();
    relaySocketEvent('command:update', command('3', 'expired'));

    expect(report).toHaveBeenCalledExactlyOnceWith(['2', '3']);
  });

  it('keeps outcomes that overtook the HTTP answer', () => {
    const report = vi.fn();
    const watch = openBulkWatch();
    relaySocketEvent('command:update', command('1', 'failed'));
    relaySocketEvent('command:update', command('2', 'acknowledged'));
    watch.follow([command('1'), command('2')], labelOf, report);
    expect(report).toHaveBeenCalledExactlyOnceWith(['1']);
  });

  it('says nothing when every cart confirmed, and stops listening', () => {
    const report = vi.fn();
    const watch = openBulkWatch();
    watch.follow([command('1')], labelOf, report);
    relaySocketEvent('command:update', command('1', 'acknowledged'));
    relaySocketEvent('command:update', command('1', 'failed'));
    vi.advanceTimersByTime(60_000);
    expect(report).not.toHaveBeenCalled();
  });

  it('counts silence past the deadline as no confirmation', () => {
    const report = vi.fn();
    const watch = openBulkWatch();
    watch.follow([command('1'), command('2')], labelOf, report);
    relaySocketEvent('command:update', command('1', 'acknowledged'));
    vi.advanceTimersByTime(8_000 + 9_999);
    expect(report).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(report).toHaveBeenCalledExactlyOnceWith(['2']);
  });

  it('ignores everything after a cancelled request', () => {
    const report = vi.fn();
    const watch = openBulkWatch();
    watch.cancel();
    relaySocketEvent('command:update', command('1', 'failed'));
    expect(report).not.toHaveBeenCalled();
  });
});
