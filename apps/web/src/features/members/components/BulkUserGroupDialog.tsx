import { GUEST_USER_GROUP } from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserGroupSelect } from './UserGroupSelect';

interface BulkUserGroupDialogProps {
  open: boolean;
  siteId: string;
  /** how many members the change reaches */
  total: number;
  pending: boolean;
  /** null = the built-in guest group */
  onSave: (userGroup: string | null) => void;
  onClose: () => void;
}

/** Moves the ticked members into one user group (or back to guest). */
export function BulkUserGroupDialog({
  open,
  siteId,
  total,
  pending,
  onSave,
  onClose,
}: BulkUserGroupDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [group, setGroup] = useState(GUEST_USER_GROUP);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('members.actions.userGroupTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('members.actions.userGroupHint', { total })}</DialogContentText>
        <UserGroupSelect siteId={siteId} value={group} onChange={setGroup} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('members.cancel')}</Button>
        <Button
          variant="contained"
          disabled={pending}
          onClick={() => onSave(group === GUEST_USER_GROUP ? null : group)}
          data-testid="members-bulk-user-group-save"
        >
          {t('members.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
