import type { InviteView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useDeleteInvite } from '../api/delete-invite';
import { useResendInvite } from '../api/resend-invite';

export type InviteAction = 'resend' | 'delete';

interface InviteActionDialogProps {
  open: boolean;
  action: InviteAction;
  invite: InviteView;
  onClose: () => void;
}

/** 'Resend Invite?' → 'Invite Resent' and 'Delete Invite?' → 'Invite Deleted' (spec §8). */
export function InviteActionDialog({ open, action, invite, onClose }: InviteActionDialogProps) {
  const { t } = useTranslation();
  const resend = useResendInvite();
  const remove = useDeleteInvite();
  const key = action === 'resend' ? 'resend' : 'deleteInvite';
  const failed = (error: unknown) => {
    console.error(`The invite's ${action} failed`, error);
    showToast(error instanceof ApiError ? error.message : t(`adminUsers.${key}.failed`), 'error');
  };
  const done = () => showToast(t(`adminUsers.${key}.done`), 'success');
  return (
    <ConfirmDialog
      open={open}
      title={t(`adminUsers.${key}.title`)}
      message={t(`adminUsers.${key}.message`, { email: invite.email })}
      confirmLabel={t(`adminUsers.${key}.confirm`)}
      cancelLabel={t('adminUsers.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        if (action === 'resend') resend.mutate(invite._id, { onSuccess: done, onError: failed });
        else remove.mutate(invite._id, { onSuccess: done, onError: failed });
      }}
    />
  );
}
