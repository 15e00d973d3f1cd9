import { randomUUID } from 'node:crypto';
import type { Role } from '@fairway/domain';
import type { Runtime } from '../../apps/server/src/runtime';
import { server } from './server-bundle';

const { users, hashToken, randomToken, AuthRepository } = server;

/**
 * An access token for a bench user without a login round trip. Access tokens belong to a session (a
 * refresh-token family) that every request checks is alive, so the session is stored first.
 */
export async function sessionToken(rt: Runtime, userId: string, role: Role, ttlSeconds = 3_600) {
  const familyId = randomUUID();
  await new AuthRepository(rt.ctx.db).insertRefreshToken({
    userId,
    familyId,
    tokenHash: hashToken(randomToken()),
    expiresAt: new Date(Date.now() + ttlSeconds * 1_000),
  });
  return rt.ctx.tokens.sign(userId, role, familyId, ttlSeconds);
}

/** A token of the bench's own superadmin, made on first use (the admin benches call the superadmin API). */
export async function benchSuperadminToken(rt: Runtime): Promise<string> {
  const email = 'bench-superadmin@example.com';
  await rt.ctx.db
    .insert(users)
    .values({ email, passwordHash: 'unused', role: 'superadmin' })
    .onConflictDoNothing();
  const admin = await rt.ctx.db.query.users.findFirst({ where: (table, { eq }) => eq(table.email, email) });
  return sessionToken(rt, admin!.id, 'superadmin');
}
