import {
  creditsReducer,
  creditsStateUnlimited,
  initialCreditsState,
  readCreditsInput,
  type MemberView,
} from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useUpdateMemberCredits } from '../api/update-member-credits';
import { CreditsStepper } from './credits-stepper';

export interface CreditsDialogProps {
  open: boolean;
  member: MemberView;
  onClose: () => void;
}

/**
 * Spec §4 Credits: number input with minus and plus, Unlimited switch, save, delete when editing. Mounted
 * per opening (the members page keys it), so it starts from the member's credits.
 */
export function CreditsDialog({ open, member, onClose }: CreditsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const siteId = useSelectedSiteId() ?? '';
  const update = useUpdateMemberCredits(siteId);
  const [state, dispatch] = useReducer(creditsReducer, member.credits, initialCreditsState);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const read = readCreditsInput(state.text);
  const unlimited = creditsStateUnlimited(state);

  const save = (credits: number, successMessage: string) =>
    update.mutate(
      { memberId: member._id, credits },
      {
        onSuccess: () => {
          showToast(successMessage, 'success');
          onClose();
        },
        onError: (error) =>
          showToast(error instanceof ApiError ? error.message : t('memberCodes.failed'), 'error'),
      },
    );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('memberCodes.credits.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{member.name}</DialogContentText>
          <CreditsStepper state={state} dispatch={dispatch} />
          <FormControlLabel
            label={t('memberCodes.credits.unlimited')}
            control={
              <Switch
                checked={unlimited}
                onChange={(event) => dispatch({ type: 'unlimited', on: event.target.checked })}
              />
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        {member.credits !== 0 && (
          <Button
            color="error"
            disabled={update.isPending}
            onClick={() => setConfirmingDelete(true)}
            sx={{ mr: 'auto' }}
          >
            {t('memberCodes.credits.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{t('memberCodes.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!('value' in read) || update.isPending}
          onClick={() => 'value' in read && save(read.value, t('memberCodes.credits.updated'))}
        >
          {t('memberCodes.save')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('memberCodes.credits.deleteTitle')}
        message={t('memberCodes.credits.deleteMessage', { name: member.name })}
        confirmLabel={t('memberCodes.credits.delete')}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => {
          setConfirmingDelete(false);
          save(0, t('memberCodes.credits.deleted'));
        }}
      />
    </Dialog>
  );
}
