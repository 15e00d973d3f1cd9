import type { BulkCommandResult, CommandView } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { bulkResultMessage } from './bulk-result-message';

const t = i18n.getFixedT('en');
const command = (id: string): CommandView => ({
  _id: id,
  deviceId: id,
  siteId: 'site',
  name: 'lock',
  code: null,
  state: 'sent',
  error: null,
  result: null,
  source: 'dashboard',
  requestedBy: null,
  issuedAt: '2025-01-01T10:00:00.000Z',
  sentAt: null,
  ackedAt: null,
  expiresAt: '2025-01-01T10:00:08.000Z',
  finishedAt: null,
});

describe('bulkResultMessage', () => {
  it("says 'Command sent to N Car(s)' when nothing was skipped", () => {
    const result: BulkCommandResult = { commands: [command('a'), command('b')], skipped: [] };
    expect(bulkResultMessage(t, result, (id) => id)).toEqual({
      message: 'Command sent to 2 Car(s)',
      severity: 'success',
    });
  });

  it('lists the skipped carts grouped by reason, naming carts without a number by label', () => {
    const result: BulkCommandResult = {
      commands: [command('a')],
      skipped: [
        { id: 'x', carNumber: '4', reason: 'offline' },
        { id: 'y', carNumber: '9', reason: 'offline' },
        { id: 'z', carNumber: null, reason: 'keyMode' },
      ],
    };
    expect(bulkResultMessage(t, result, (id) => `serial-${id}`)).toEqual({
      message: 'Command sent to 1 Car(s). Skipped: Cart is offline: 4, 9 · Cart is in key mode: serial-z',
      severity: 'info',
    });
  });

  it('warns when every cart was skipped', () => {
    const result: BulkCommandResult = {
      commands: [],
      skipped: [{ id: 'x', carNumber: '4', reason: 'alreadyLocked' }],
    };
    expect(bulkResultMessage(t, result, (id) => id)).toEqual({
      message: 'No command sent. Skipped: Cart is already locked: 4',
      severity: 'warning',
    });
  });
});
