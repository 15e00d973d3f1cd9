import { userGroupBody, type UserGroupView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useCreateUserGroup } from '../api/create-user-group';
import { useUpdateUserGroup } from '../api/update-user-group';
import { userGroupNameError } from './user-group-name';

interface UserGroupNameDialogProps {
  open: boolean;
  siteId: string;
  /** null = a new group */
  group: UserGroupView | null;
  onClose: () => void;
}

/** Adds a group or renames one: the name is required, at most 60 characters, and not 'guest'. */
export function UserGroupNameDialog({ open, siteId, group, onClose }: UserGroupNameDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateUserGroup(siteId);
  const rename = useUpdateUserGroup(siteId);
  const [name, setName] = useState(group?.name ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = userGroupNameError(name);
  const error = serverError ?? (submitted && problem ? t(`userGroups.errors.${problem}`) : null);
  const saving = create.isPending || rename.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem) return;
    const body = userGroupBody.parse({ name });
    const handlers = {
      onSuccess: () => {
        showToast(t(group ? 'userGroups.renamed' : 'userGroups.added'), 'success');
        onClose();
      },
      onError: (failure: Error) => {
        // 409: another group of the site has the name; that belongs next to the field.
        if (failure instanceof ApiError && failure.status === 409) setServerError(failure.message);
        else showToast(failure instanceof ApiError ? failure.message : t('userGroups.failed'), 'error');
      },
    };
    if (group) rename.mutate({ groupId: group._id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t(group ? 'userGroups.renameTitle' : 'userGroups.addTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            required
            fullWidth
            margin="dense"
            label={t('userGroups.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setServerError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('userGroups.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('userGroups.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
