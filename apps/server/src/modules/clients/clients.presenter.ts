import type { ClientView } from '@fairway/domain';
import type { ApiClientRow } from './clients.repository';

/** Row → API shape (spec §3 Client); the key hash never leaves the server. */
export const toClientView = (row: ApiClientRow): ClientView => ({
  _id: row.id,
  name: row.name,
  sites: row.sites,
  keyPreview: row.keyPreview,
  usage: { count: row.usageCount, date: row.lastUsedAt?.toISOString() ?? null },
  createdAt: row.createdAt.toISOString(),
});
