import type { CommandView } from '@fairway/domain';
import type { CommandRow } from '../../db/tables/commands';

export type { CommandRow };

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export const toCommandView = (row: CommandRow): CommandView => ({
  _id: row.id,
  deviceId: row.deviceId,
  siteId: row.siteId,
  name: row.name,
  code: row.code,
  state: row.state,
  error: row.error,
  result: row.result,
  source: row.source,
  requestedBy: row.requestedBy,
  issuedAt: row.issuedAt.toISOString(),
  sentAt: iso(row.sentAt),
  ackedAt: iso(row.ackedAt),
  expiresAt: row.expiresAt.toISOString(),
  finishedAt: iso(row.finishedAt),
});
