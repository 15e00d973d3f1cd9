import type { ProfileBody, ProfileView, ProfilesPage } from '@fairway/domain';
import { conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { paginationOf } from '../devices/battery.service';
import type { ProfileValues, ProfileWithLinks, ProfilesRepository } from './profiles.repository';

const emailTaken = () => conflict('A profile with this email already exists', 'emailTaken');
const profileNotFound = () => notFound('Profile not found');

export interface ProfilesQuery {
  q?: string;
  page: number;
  limit: number;
}

/**
 * The guest-app profiles members link to (spec §3 Profile, §7 Admin /profiles); superadmins manage them.
 * Deleting a profile unlinks its members and keeps them.
 */
export class ProfilesService {
  constructor(private readonly profiles: ProfilesRepository) {}

  async list(query: ProfilesQuery): Promise<ProfilesPage> {
    const { rows, total } = await this.profiles.page(query.q, (query.page - 1) * query.limit, query.limit);
    return { data: rows.map(toView), pagination: paginationOf(query.page, query.limit, total) };
  }

  async create(body: ProfileValues): Promise<ProfileView> {
    const id = await this.profiles.create(body).catch(rethrowTaken);
    return this.view(id);
  }

  async update(id: string, body: Partial<ProfileBody>): Promise<ProfileView> {
    const values = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (!(await this.profiles.update(id, values).catch(rethrowTaken))) throw profileNotFound();
    return this.view(id);
  }

  async remove(id: string): Promise<void> {
    if ((await this.profiles.deleteMany([id])) === 0) throw profileNotFound();
  }

  /** Deletes the profiles among `ids` that exist; answers how many. */
  async removeMany(ids: readonly string[]): Promise<{ deleted: number }> {
    return { deleted: await this.profiles.deleteMany(ids) };
  }

  private async view(id: string): Promise<ProfileView> {
    const row = await this.profiles.get(id);
    if (!row) throw profileNotFound();
    return toView(row);
  }
}

function rethrowTaken(error: unknown): never {
  throw isUniqueViolation(error) ? emailTaken() : error;
}

function toView(row: ProfileWithLinks): ProfileView {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    defaultPaymentMethod: row.defaultPaymentMethod,
    linkedMembers: row.linkedMembers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
