import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { MemberLang } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { isUniqueViolation } from '../../lib/pg-errors';
import { devices } from '../../db/tables/devices';
import { members } from '../../db/tables/members';
import { loadCartCodes, type CartCode } from './cart-codes';
import { codes } from '../../db/tables/codes';
import type { CodeRow } from './codes.presenter';

export type NewCode = Pick<
  typeof codes.$inferInsert,
  'siteId' | 'memberId' | 'type' | 'code' | 'master' | 'devices' | 'allDevices' | 'enabled' | 'expires'
>;
export type CodeChanges = Partial<Omit<NewCode, 'siteId' | 'memberId'>>;

/** Which of the two uniqueness rules a write broke: the code's value within the site, or one per type. */
export type CodeConflict = 'code' | 'type';
export type CodeWrite = { row: CodeRow } | { conflict: CodeConflict };

/** The member a code belongs to, as far as codes need them. */
export interface CodeMember {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  lang: MemberLang;
}

const CONFLICTS: Record<string, CodeConflict> = {
  codes_site_code_idx: 'code',
  codes_member_type_idx: 'type',
};

/** The unique index a failed write hit; drizzle wraps the driver error, which names it. */
function conflictOf(error: unknown): CodeConflict | null {
  if (!isUniqueViolation(error)) return null;
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return CONFLICTS[constraint] ?? null;
  }
  return null;
}

/**
 * Codes are always read and written within one site, so another site's code id simply is not found. The
 * unique indexes are the authority on duplicates: a write that breaks one comes back as a conflict.
 */
export class CodesRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the composition root builds this one). */
  in(db: DbExecutor): CodesRepository {
    return new CodesRepository(db);
  }

  async find(siteId: string, id: string): Promise<CodeRow | null> {
    const [row] = await this.db
      .select()
      .from(codes)
      .where(and(eq(codes.siteId, siteId), eq(codes.id, id)));
    return row ?? null;
  }

  async insert(values: NewCode): Promise<CodeWrite> {
    return (await this.write(async () => (await this.db.insert(codes).values(values).returning())[0]))!;
  }

  /** null when the site has no such code. */
  update(siteId: string, id: string, changes: CodeChanges): Promise<CodeWrite | null> {
    return this.write(
      async () =>
        (
          await this.db
            .update(codes)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(and(eq(codes.siteId, siteId), eq(codes.id, id)))
            .returning()
        )[0],
    );
  }

  async delete(siteId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(codes)
      .where(and(eq(codes.siteId, siteId), eq(codes.id, id)))
      .returning({ id: codes.id });
    return rows.length > 0;
  }

  async markEmailed(siteId: string, id: string, at: Date): Promise<void> {
    await this.db
      .update(codes)
      .set({ emailSentAt: at })
      .where(and(eq(codes.siteId, siteId), eq(codes.id, id)));
  }

  /**
   * The code with this value and its member. An RFID tag is stored without leading zeros (it is a number),
   * so a tag typed with them is found too; an exact match comes first.
   */
  async findByValue(siteId: string, value: string): Promise<{ code: CodeRow; member: CodeMember } | null> {
    const tag = value.replace(/^0+(?=\d)/, '');
    const [row] = await this.db
      .select({ code: codes, member: memberColumns })
      .from(codes)
      .innerJoin(members, eq(members.id, codes.memberId))
      .where(
        and(
          eq(codes.siteId, siteId),
          or(eq(codes.code, value), and(eq(codes.type, 'rfid'), eq(codes.code, tag))),
        ),
      )
      .orderBy(sql`${codes.code} = ${value} desc`)
      .limit(1);
    return row ?? null;
  }

  async member(siteId: string, memberId: string): Promise<CodeMember | null> {
    const [row] = await this.db
      .select(memberColumns)
      .from(members)
      .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
    return row ?? null;
  }

  /** The site's member codes that carts check themselves (what a publish puts into their configs). */
  cartCodes(siteId: string, now: Date): Promise<CartCode[]> {
    return loadCartCodes(this.db, [siteId], now);
  }

  /** Every car number of the site's carts (carts without a number cannot be picked). */
  async carNumbers(siteId: string): Promise<string[]> {
    const rows = await this.db
      .select({ carNumber: devices.carNumber })
      .from(devices)
      .where(and(eq(devices.siteId, siteId), isNotNull(devices.carNumber)))
      .orderBy(asc(devices.carNumber));
    return rows.map((row) => row.carNumber!);
  }

  private async write(run: () => Promise<CodeRow | undefined>): Promise<CodeWrite | null> {
    try {
      const row = await run();
      return row ? { row } : null;
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) return { conflict };
      throw error;
    }
  }
}

const memberColumns = {
  id: members.id,
  name: members.name,
  email: members.email,
  company: members.company,
  phone: members.phone,
  lang: members.lang,
};
