import AddIcon from '@mui/icons-material/Add';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { hasRole, type UserGroupView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { useCurrentRole } from '../../auth';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteUserGroup } from '../api/delete-user-group';
import { useUserGroups } from '../api/get-user-groups';
import { UserGroupNameDialog } from './UserGroupNameDialog';
import { UserGroupRow } from './UserGroupRow';

/**
 * A dialog's subject (the group, null = a new one), kept after closing so the dialog keeps its content
 * through the exit transition; `opening` keys a fresh name form each time.
 */
interface DialogSubject {
  group: UserGroupView | null;
  open: boolean;
  opening: number;
}
const CLOSED: DialogSubject = { group: null, open: false, opening: 0 };

/** The site's user groups with the built-in guest entry: add, rename, delete (with the prices warning). */
export function UserGroupsCard() {
  const { t, i18n } = useTranslation();
  const siteId = useSelectedSiteId() ?? '';
  const groups = useUserGroups(siteId);
  const editable = hasRole(useCurrentRole(), 'user');
  const remove = useDeleteUserGroup(siteId);
  const [naming, setNaming] = useState(CLOSED);
  const [deleting, setDeleting] = useState(CLOSED);
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  const show = (group: UserGroupView | null) => (current: DialogSubject) => ({
    group,
    open: true,
    opening: current.opening + 1,
  });
  const hide = (current: DialogSubject) => ({ ...current, open: false });

  const confirmDelete = (group: UserGroupView) => {
    setDeleting(hide);
    remove.mutate(group._id, {
      onSuccess: (result) =>
        showToast(
          t('userGroups.deleted', {
            prices: numbers.format(result.deletedPrices),
            members: numbers.format(result.movedMembers),
          }),
          'success',
        ),
      onError: (error) =>
        showToast(error instanceof ApiError ? error.message : t('userGroups.failed'), 'error'),
    });
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('userGroups.title')}
        subheader={t('userGroups.subtitle')}
        slotProps={{ title: { component: 'h2' } }}
        action={
          editable && (
            <Button startIcon={<AddIcon />} onClick={() => setNaming(show(null))}>
              {t('userGroups.add')}
            </Button>
          )
        }
      />
      <List dense aria-label={t('userGroups.title')}>
        <ListItem divider>
          <ListItemText
            primary={
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} component="span">
                <span>{t('userGroups.guest')}</span>
                <Tooltip title={t('userGroups.guestHint')}>
                  <InfoOutlinedIcon
                    fontSize="small"
                    color="action"
                    tabIndex={0}
                    titleAccess={t('userGroups.guestHint')}
                  />
                </Tooltip>
              </Stack>
            }
            secondary={t('userGroups.guestBuiltIn')}
          />
        </ListItem>
        {groups.isPending &&
          [0, 1].map((row) => (
            <ListItem key={row} divider>
              <ListItemText primary={<Skeleton width="40%" />} secondary={<Skeleton width="25%" />} />
            </ListItem>
          ))}
        {groups.data?.map((group) => (
          <UserGroupRow
            key={group._id}
            group={group}
            editable={editable}
            numbers={numbers}
            onRename={() => setNaming(show(group))}
            onDelete={() => setDeleting(show(group))}
          />
        ))}
      </List>
      {groups.isError && (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={<Button onClick={() => void groups.refetch()}>{t('userGroups.retry')}</Button>}
        >
          {t('userGroups.loadFailed')}
        </Alert>
      )}
      <UserGroupNameDialog
        key={naming.opening}
        open={naming.open}
        siteId={siteId}
        group={naming.group}
        onClose={() => setNaming(hide)}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t('userGroups.deleteTitle', { name: deleting.group?.name ?? '' })}
        message={t('userGroups.deleteMessage', {
          prices: numbers.format(deleting.group?.prices ?? 0),
          members: numbers.format(deleting.group?.members ?? 0),
        })}
        confirmLabel={t('userGroups.delete')}
        onCancel={() => setDeleting(hide)}
        onConfirm={() => deleting.group && confirmDelete(deleting.group)}
      />
    </Card>
  );
}
