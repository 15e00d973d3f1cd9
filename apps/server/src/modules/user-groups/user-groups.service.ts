import type { UserGroupBody, UserGroupView } from '@fairway/domain';
import { conflict, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { toUserGroupView } from './user-groups.presenter';
import type { UserGroupsRepository } from './user-groups.repository';

const NAME_TAKEN = 'A user group with this name already exists';
const groupNotFound = () => notFound('User group not found');

/**
 * A site's user groups (spec §3, §4 Settings): names are unique within the site regardless of case, and
 * deleting a group deletes the prices that use it and makes its members guests (spec §5).
 */
export class UserGroupsService {
  constructor(private readonly groups: UserGroupsRepository) {}

  async list(siteId: string): Promise<UserGroupView[]> {
    return (await this.groups.list(siteId)).map(toUserGroupView);
  }

  async create(siteId: string, body: UserGroupBody): Promise<UserGroupView> {
    await this.assertNameFree(siteId, body.name);
    const row = await this.uniqueName(() => this.groups.insert(siteId, body.name));
    return toUserGroupView({ ...row, prices: 0, members: 0 });
  }

  async rename(siteId: string, id: string, body: UserGroupBody): Promise<UserGroupView> {
    await this.assertNameFree(siteId, body.name, id);
    if (!(await this.uniqueName(() => this.groups.rename(siteId, id, body.name)))) throw groupNotFound();
    const row = await this.groups.find(siteId, id);
    if (!row) throw groupNotFound();
    return toUserGroupView(row);
  }

  async delete(siteId: string, id: string): Promise<{ deletedPrices: number; movedMembers: number }> {
    const result = await this.groups.deleteCounting(siteId, id);
    if (!result) throw groupNotFound();
    return result;
  }

  private async assertNameFree(siteId: string, name: string, exceptId?: string): Promise<void> {
    if (await this.groups.nameTaken(siteId, name, exceptId)) throw conflict(NAME_TAKEN);
  }

  /** The pre-check above misses a concurrent save of the same name; the unique index does not. */
  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(NAME_TAKEN);
      throw error;
    }
  }
}
