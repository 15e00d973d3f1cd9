import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import type { UserView } from '@fairway/domain';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MomentText } from '../../components/MomentText';
import { RoleChip } from '../../components/RoleChip';
import { SitesCell } from '../../components/SitesCell';
import { SkeletonRows } from '../../components/SkeletonRows';

const COLUMNS = ['email', 'id', 'lastSeen', 'sites', 'role', 'actions'] as const;

interface UsersTableProps {
  /** the page's users; undefined while the list loads */
  users: readonly UserView[] | undefined;
  siteNames: ReadonlyMap<string, string> | undefined;
  onResetPassword: (user: UserView) => void;
  onEdit: (user: UserView) => void;
}

/** Email, User ID, Last Seen, Sites, Role, Actions (spec §2 Users); scrolls sideways on a phone. */
export function UsersTable({ users, siteNames, onResetPassword, onEdit }: UsersTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('adminUsers.users.tableLabel')} sx={{ minWidth: 860 }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column}
                align={column === 'actions' ? 'right' : 'left'}
                sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
              >
                {t(`adminUsers.users.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {users === undefined ? (
            <SkeletonRows columns={COLUMNS.length} />
          ) : (
            users.map((user) => (
              <TableRow key={user._id} hover data-testid={`user-row-${user.email}`}>
                <TableCell sx={{ wordBreak: 'break-all', minWidth: 180 }}>{user.email}</TableCell>
                <TableCell>
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{ fontFamily: 'monospace', fontSize: 12, color: 'text.secondary' }}
                  >
                    {user._id}
                  </Typography>
                </TableCell>
                <TableCell>
                  <MomentText at={user.lastSeen} never={t('adminUsers.users.neverSeen')} />
                </TableCell>
                <TableCell>
                  <SitesCell role={user.role} sites={user.sites} names={siteNames} />
                </TableCell>
                <TableCell>
                  <RoleChip role={user.role} />
                </TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                    <Tooltip title={t('adminUsers.reset.action')}>
                      <IconButton
                        size="small"
                        aria-label={t('adminUsers.reset.actionFor', { email: user.email })}
                        onClick={() => onResetPassword(user)}
                        data-testid="user-reset-password"
                      >
                        <LockResetIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('adminUsers.edit.action')}>
                      <IconButton
                        size="small"
                        aria-label={t('adminUsers.edit.actionFor', { email: user.email })}
                        onClick={() => onEdit(user)}
                        data-testid="user-edit"
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
