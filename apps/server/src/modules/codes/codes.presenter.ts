import type { CodeView } from '@fairway/domain';
import type { codes } from '../../db/tables/codes';

export type CodeRow = typeof codes.$inferSelect;

/** A code row as the API shows it (spec §3 Code); used by the codes routes and inside every member. */
export function presentCode(row: CodeRow): CodeView {
  return {
    _id: row.id,
    type: row.type,
    code: row.code,
    master: row.master,
    devices: row.allDevices ? [] : row.devices,
    allDevices: row.allDevices,
    enabled: row.enabled,
    expires: row.expires?.toISOString() ?? null,
    driver: row.memberId,
    emailSent: row.emailSentAt?.toISOString() ?? null,
  };
}
