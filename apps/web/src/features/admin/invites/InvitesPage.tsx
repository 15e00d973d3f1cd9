import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { InviteView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { STORAGE_KEYS } from '../../../lib/storage';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { AdminPager } from '../components/AdminPager';
import { useSiteNames } from '../components/api/get-admin-sites';
import { RefreshButton } from '../components/RefreshButton';
import { useAdminList } from '../components/use-admin-list';
import { useDialogSubject } from '../../../lib/use-dialog-subject';
import { useInvites } from './api/get-invites';
import { AddUserDialog } from './components/AddUserDialog';
import { InviteActionDialog, type InviteAction } from './components/InviteActionDialog';
import { InvitesTable } from './components/InvitesTable';

/** /admin/invites: the Invites Manager (spec §2 Admin area → Invites, §4 Invite lifecycle; superadmin only). */
export function InvitesPage() {
  const { t } = useTranslation();
  const invites = useInvites();
  const siteNames = useSiteNames();
  const list = useAdminList(invites.data, { pageSizeKey: STORAGE_KEYS.adminInvitesPageSize });
  const adder = useDialogSubject<true>();
  const action = useDialogSubject<{ action: InviteAction; invite: InviteView }>();

  // The table has no search: its refresh sits beside Add User.
  const actions = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RefreshButton
        refreshing={invites.isFetching}
        onRefresh={() => void invites.refetch()}
        testId="invites-refresh"
      />
      <Button
        variant="contained"
        startIcon={<PersonAddIcon />}
        onClick={() => adder.show(true)}
        data-testid="invites-add"
      >
        {t('adminUsers.add.button')}
      </Button>
    </Stack>
  );

  let body;
  if (invites.isError && !invites.data) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState
          error={invites.error}
          onRetry={() => void invites.refetch()}
          title={t('adminUsers.invites.loadFailed')}
        />
      </Box>
    );
  } else if (invites.data && list.total === 0) {
    body = (
      <EmptyState
        size="pane"
        icon={<MailOutlineIcon />}
        title={t('adminUsers.invites.emptyTitle')}
        description={t('adminUsers.invites.emptyHint')}
      />
    );
  } else {
    body = (
      <>
        <InvitesTable
          invites={list.rows}
          siteNames={siteNames}
          onResend={(invite) => action.show({ action: 'resend', invite })}
          onDelete={(invite) => action.show({ action: 'delete', invite })}
        />
        {invites.data && (
          <AdminPager
            totalLabel={t('adminUsers.invites.total', { count: list.total })}
            page={list.page}
            pageCount={list.pageCount}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            testId="invites-pager"
          />
        )}
      </>
    );
  }

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 } }}>
      <AdminPageHeader
        title={t('adminUsers.invites.title')}
        subtitle={t('adminUsers.invites.subtitle')}
        action={actions}
      />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {invites.isFetching && invites.data && <LinearProgress aria-label={t('adminUsers.loading')} />}
        </Box>
        {body}
      </Paper>
      {adder.subject && <AddUserDialog key={adder.subject.version} open={adder.open} onClose={adder.close} />}
      {action.subject && (
        <InviteActionDialog
          open={action.open}
          action={action.subject.value.action}
          invite={action.subject.value.invite}
          onClose={action.close}
        />
      )}
    </Stack>
  );
}
