import type { MemberView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/notifications';
import { useDeleteMembers } from './api/delete-members';
import { useLinkMembers } from './api/link-members';
import { useUnlinkMembers } from './api/unlink-members';
import { useUpdateMembersUserGroup } from './api/update-members-user-group';
import { linkRequest, unlinkRequest } from './lib/member-links';

/**
 * The Actions menu's work on the ticked members, with the §8 toasts: 'Members deleted', 'Members updated',
 * 'Members linked: {count}', 'Members unlinked'; a failure shows the server's message.
 */
export function useMemberBulkActions(siteId: string, onDeleted: () => void) {
  const { t } = useTranslation();
  const remove = useDeleteMembers(siteId);
  const setUserGroup = useUpdateMembersUserGroup(siteId);
  const link = useLinkMembers(siteId);
  const unlink = useUnlinkMembers(siteId);

  const failed = (action: string) => (error: unknown) => {
    console.error(`${action} failed`, error);
    showToast(error instanceof ApiError ? error.message : t('members.actions.failed'), 'error');
  };

  return {
    pending: remove.isPending || setUserGroup.isPending || link.isPending || unlink.isPending,
    delete: (selected: readonly MemberView[]) =>
      remove.mutate(
        selected.map((member) => member._id),
        {
          onSuccess: () => {
            onDeleted();
            showToast(t('members.actions.deleted'), 'success');
          },
          onError: failed('Deleting members'),
        },
      ),
    setUserGroup: (selected: readonly MemberView[], userGroup: string | null, onDone: () => void) =>
      setUserGroup.mutate(
        { ids: selected.map((member) => member._id), userGroup },
        {
          onSuccess: () => {
            onDone();
            showToast(t('members.actions.updated'), 'success');
          },
          onError: failed('Changing the user group'),
        },
      ),
    link: (selected: readonly MemberView[]) =>
      link.mutate(linkRequest(selected), {
        onSuccess: (result) => showToast(t('members.actions.linked', { linked: result.count }), 'success'),
        onError: failed('Linking members'),
      }),
    unlink: (selected: readonly MemberView[]) =>
      unlink.mutate(unlinkRequest(selected), {
        onSuccess: () => showToast(t('members.actions.unlinked'), 'success'),
        onError: failed('Unlinking members'),
      }),
  };
}
