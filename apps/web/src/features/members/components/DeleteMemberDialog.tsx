import type { MemberView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteMember } from '../api/delete-member';

interface DeleteMemberDialogProps {
  open: boolean;
  siteId: string;
  member: MemberView;
  onDeleted: (memberId: string) => void;
  onClose: () => void;
}

/** 'Delete {name}?' (spec §8), then 'Driver deleted'; a failure shows the server's message. */
export function DeleteMemberDialog({ open, siteId, member, onDeleted, onClose }: DeleteMemberDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteMember(siteId);
  return (
    <ConfirmDialog
      open={open}
      title={t('members.delete.title', { name: member.name })}
      message={t('members.delete.message', { name: member.name, email: member.email })}
      confirmLabel={t('members.delete.confirm')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        remove.mutate(member._id, {
          onSuccess: () => {
            onDeleted(member._id);
            showToast(t('members.delete.done'), 'success');
          },
          onError: (error) => {
            console.error('Deleting the member failed', error);
            showToast(error instanceof ApiError ? error.message : t('members.delete.failed'), 'error');
          },
        });
      }}
    />
  );
}
