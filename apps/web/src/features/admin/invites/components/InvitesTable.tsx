import DeleteIcon from '@mui/icons-material/Delete';
import SendIcon from '@mui/icons-material/Send';
import type { InviteView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/date-format';
import { MomentText } from '../../components/MomentText';
import { RoleChip } from '../../components/RoleChip';
import { SitesCell } from '../../components/SitesCell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { InviteLinkChip } from './InviteLinkChip';

const COLUMNS = ['email', 'link', 'lastSent', 'status', 'sites', 'role', 'actions'] as const;

interface InvitesTableProps {
  /** the page's invites; undefined while the list loads */
  invites: readonly InviteView[] | undefined;
  siteNames: ReadonlyMap<string, string> | undefined;
  onResend: (invite: InviteView) => void;
  onDelete: (invite: InviteView) => void;
}

/** Email, Link, Last Sent, status, Sites, Role, Actions (spec §2 Invites); scrolls sideways on a phone. */
export function InvitesTable({ invites, siteNames, onResend, onDelete }: InvitesTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('adminUsers.invites.tableLabel')} sx={{ minWidth: 920 }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column}
                align={column === 'actions' ? 'right' : 'left'}
                sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
              >
                {t(`adminUsers.invites.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {invites === undefined ? (
            <SkeletonRows columns={COLUMNS.length} />
          ) : (
            invites.map((invite) => (
              <TableRow
                key={invite._id}
                hover
                data-testid={`invite-row-${invite.email}`}
                data-expired={invite.expired}
              >
                <TableCell sx={{ wordBreak: 'break-all', minWidth: 180 }}>{invite.email}</TableCell>
                <TableCell>
                  <InviteLinkChip link={invite.link} email={invite.email} />
                </TableCell>
                <TableCell>
                  <MomentText at={invite.sentAt} never="" />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {invite.expired ? (
                    <Chip
                      size="small"
                      color="error"
                      variant="outlined"
                      label={t('adminUsers.invites.expired')}
                    />
                  ) : (
                    t('adminUsers.invites.validUntil', {
                      date: formatDate(invite.expiresAt, i18n.resolvedLanguage),
                    })
                  )}
                </TableCell>
                <TableCell>
                  <SitesCell role={invite.role} sites={invite.sites} names={siteNames} />
                </TableCell>
                <TableCell>
                  <RoleChip role={invite.role} />
                </TableCell>
                <TableCell align="right">
                  <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                    <Tooltip title={t('adminUsers.resend.action')}>
                      <IconButton
                        size="small"
                        aria-label={t('adminUsers.resend.actionFor', { email: invite.email })}
                        onClick={() => onResend(invite)}
                        data-testid="invite-resend"
                      >
                        <SendIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('adminUsers.deleteInvite.action')}>
                      <IconButton
                        size="small"
                        aria-label={t('adminUsers.deleteInvite.actionFor', { email: invite.email })}
                        onClick={() => onDelete(invite)}
                        data-testid="invite-delete"
                      >
                        <DeleteIcon fontSize="small" />
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
