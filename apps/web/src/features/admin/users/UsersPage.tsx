import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { UserView } from '@fairway/domain';
import Box from '@mui/material/Box';
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
import { useAdminList } from '../components/use-admin-list';
import { useDialogSubject } from '../../../lib/use-dialog-subject';
import { useUsers } from './api/get-users';
import { EditUserDialog } from './components/EditUserDialog';
import { ResetPasswordDialog } from './components/ResetPasswordDialog';
import { UsersTable } from './components/UsersTable';
import { UsersToolbar } from './components/UsersToolbar';
import { userMatches } from './lib/user-search';

/** /admin/users: the User Manager (spec §2 Admin area → Users; superadmin only). */
export function UsersPage() {
  const { t } = useTranslation();
  const users = useUsers();
  const siteNames = useSiteNames();
  const list = useAdminList(users.data, {
    pageSizeKey: STORAGE_KEYS.adminUsersPageSize,
    matches: userMatches,
  });
  const editor = useDialogSubject<UserView>();
  const reset = useDialogSubject<UserView>();
  // The list may have been refetched since the dialog opened: give it the user as they are now.
  const current = (user: UserView) => users.data?.find((u) => u._id === user._id) ?? user;

  let body;
  if (users.isError && !users.data) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState
          error={users.error}
          onRetry={() => void users.refetch()}
          title={t('adminUsers.users.loadFailed')}
        />
      </Box>
    );
  } else if (users.data && list.total === 0) {
    body = (
      <EmptyState
        size="pane"
        icon={<PersonSearchIcon />}
        title={list.appliedQuery ? t('adminUsers.users.noMatchTitle') : t('adminUsers.users.emptyTitle')}
        description={
          list.appliedQuery
            ? t('adminUsers.users.noMatchHint', { query: list.query.trim() })
            : t('adminUsers.users.emptyHint')
        }
      />
    );
  } else {
    body = (
      <>
        <UsersTable
          users={list.rows}
          siteNames={siteNames}
          onResetPassword={reset.show}
          onEdit={editor.show}
        />
        {users.data && (
          <AdminPager
            totalLabel={t('adminUsers.users.total', { count: list.total })}
            page={list.page}
            pageCount={list.pageCount}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            testId="users-pager"
          />
        )}
      </>
    );
  }

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 } }}>
      <AdminPageHeader title={t('adminUsers.users.title')} subtitle={t('adminUsers.users.subtitle')} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <UsersToolbar
          query={list.query}
          onQueryChange={list.setQuery}
          refreshing={users.isFetching}
          onRefresh={() => void users.refetch()}
        />
        {/* A refresh keeps the rows in view; this bar says new ones are coming. */}
        <Box sx={{ height: 4 }}>
          {users.isFetching && users.data && <LinearProgress aria-label={t('adminUsers.loading')} />}
        </Box>
        {body}
      </Paper>
      {editor.subject && (
        <EditUserDialog
          key={editor.subject.version}
          open={editor.open}
          user={current(editor.subject.value)}
          onClose={editor.close}
        />
      )}
      {reset.subject && (
        <ResetPasswordDialog open={reset.open} user={reset.subject.value} onClose={reset.close} />
      )}
    </Stack>
  );
}
