import type { UserView } from '@fairway/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useSendPasswordReset } from '../api/send-password-reset';

interface ResetPasswordDialogProps {
  open: boolean;
  user: UserView;
  onClose: () => void;
}

/** 'Reset password?' (spec §8): mails the user a link to choose a new password, then says it was sent. */
export function ResetPasswordDialog({ open, user, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const send = useSendPasswordReset();
  return (
    <ConfirmDialog
      open={open}
      title={t('adminUsers.reset.title')}
      message={t('adminUsers.reset.message', { email: user.email })}
      confirmLabel={t('adminUsers.reset.confirm')}
      cancelLabel={t('adminUsers.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        send.mutate(user._id, {
          onSuccess: () => showToast(t('adminUsers.reset.done', { email: user.email }), 'success'),
          onError: (error) => {
            console.error('Sending the reset link failed', error);
            showToast(error instanceof ApiError ? error.message : t('adminUsers.reset.failed'), 'error');
          },
        });
      }}
    />
  );
}
