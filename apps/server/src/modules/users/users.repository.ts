import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sites } from '../../db/tables/sites';
import { invites, users } from '../../db/tables/users';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Pick<UserRow, 'email' | 'passwordHash' | 'role' | 'sites' | 'lang'>>;
export type InviteRow = typeof invites.$inferSelect;
export type NewInvite = typeof invites.$inferInsert;

/** True for PostgreSQL's unique_violation, whether raw from pg or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null);) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** SQL for users and invites; no rules here (they live in the services). */
export class UsersRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the composition root builds this one). */
  in(db: DbExecutor): UsersRepository {
    return new UsersRepository(db);
  }

  list(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.email));
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async insert(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async update(id: string, patch: UserPatch): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }

  async touchLastSeen(id: string, at = new Date()): Promise<void> {
    await this.db.update(users).set({ lastSeen: at }).where(eq(users.id, id));
  }

  listInvites(): Promise<InviteRow[]> {
    return this.db.select().from(invites).orderBy(asc(invites.email));
  }

  async findInviteById(id: string): Promise<InviteRow | undefined> {
    const [row] = await this.db.select().from(invites).where(eq(invites.id, id));
    return row;
  }

  async findInviteByToken(token: string): Promise<InviteRow | undefined> {
    const [row] = await this.db.select().from(invites).where(eq(invites.token, token));
    return row;
  }

  async findInviteByEmail(email: string): Promise<InviteRow | undefined> {
    const [row] = await this.db.select().from(invites).where(eq(invites.email, email));
    return row;
  }

  async insertInvite(values: NewInvite): Promise<InviteRow> {
    const [row] = await this.db.insert(invites).values(values).returning();
    return row!;
  }

  async updateInvite(
    id: string,
    patch: Partial<Pick<InviteRow, 'sentAt' | 'expiresAt'>>,
  ): Promise<InviteRow | undefined> {
    const [row] = await this.db.update(invites).set(patch).where(eq(invites.id, id)).returning();
    return row;
  }

  /** False when no such invite exists (already used or deleted): deleting is how an invite is consumed. */
  async deleteInvite(id: string): Promise<boolean> {
    const rows = await this.db.delete(invites).where(eq(invites.id, id)).returning({ id: invites.id });
    return rows.length > 0;
  }

  /** Which of `ids` name existing sites. */
  async existingSiteIds(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.select({ id: sites.id }).from(sites).where(inArray(sites.id, ids));
    return rows.map((row) => row.id);
  }

  /** Every site id, for superadmins, who hold all sites. */
  async allSiteIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: sites.id })
      .from(sites)
      .orderBy(sql`${sites.createdAt} asc, ${sites.name} asc`);
    return rows.map((row) => row.id);
  }
}
