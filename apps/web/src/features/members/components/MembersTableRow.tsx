import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import type { MemberView } from '@fairway/domain';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberColumn } from '../lib/member-columns';
import type { MemberRowContext } from './member-row-context';
import { MemberCodesCell } from './MemberCodesCell';
import { MemberCreditsButton } from './MemberCreditsButton';

interface MembersTableRowProps {
  member: MemberView;
  selected: boolean;
  onToggleSelected: (member: MemberView) => void;
  context: MemberRowContext;
}

/** One member in the table, with the columns of the site's layout (spec §2 Virtual keys). */
export const MembersTableRow = memo(function MembersTableRow({
  member,
  selected,
  onToggleSelected,
  context,
}: MembersTableRowProps) {
  const { t } = useTranslation();
  const noValue = t('members.noValue');
  const selectInputProps = {
    'aria-label': t('members.table.select', { name: member.name }),
    'data-testid': 'member-select',
  };

  const cell = (column: MemberColumn): ReactNode => {
    switch (column) {
      case 'name':
        return (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {member.name}
            </Typography>
            {/* One line: on a narrow screen the table scrolls sideways rather than breaking the address. */}
            <Typography
              variant="caption"
              sx={{ color: 'text.secondary', display: 'block', whiteSpace: 'nowrap' }}
            >
              {member.email}
            </Typography>
          </>
        );
      case 'company':
        return member.company ?? noValue;
      case 'phone':
        return member.phone ?? noValue;
      case 'memberNumber':
        return member.memberNumber ?? noValue;
      case 'induction':
        return member.induction ? (
          <CheckCircleIcon color="success" titleAccess={t('members.induction.yes')} />
        ) : (
          <CancelIcon color="disabled" titleAccess={t('members.induction.no')} />
        );
      case 'userGroup':
        return (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <span>{member.userGroupName ?? t('members.userGroup.guest')}</span>
            {member.profile !== null && (
              <Tooltip title={t('members.table.linked')}>
                <PhoneIphoneIcon
                  fontSize="small"
                  color="action"
                  titleAccess={t('members.table.linked')}
                  data-testid="member-linked"
                />
              </Tooltip>
            )}
          </Stack>
        );
      case 'keyCode':
        return (
          <MemberCodesCell
            member={member}
            codeTypes={context.codeTypes}
            now={context.now}
            onCode={context.onCode}
          />
        );
      case 'credits':
        return <MemberCreditsButton member={member} onOpen={() => context.onCredits(member)} />;
      case 'actions':
        return (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Tooltip title={t('members.table.edit')}>
              <IconButton
                size="small"
                onClick={() => context.onEdit(member)}
                aria-label={t('members.table.editName', { name: member.name })}
                data-testid="member-edit"
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('members.table.delete')}>
              <IconButton
                size="small"
                onClick={() => context.onDelete(member)}
                aria-label={t('members.table.deleteName', { name: member.name })}
                data-testid="member-delete"
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        );
    }
  };

  return (
    <TableRow hover selected={selected} data-testid={`member-row-${member.email}`}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          onChange={() => onToggleSelected(member)}
          slotProps={{ input: selectInputProps }}
        />
      </TableCell>
      {context.columns.map((column) => (
        <TableCell
          key={column}
          align={column === 'actions' ? 'right' : 'left'}
          sx={column === 'name' ? { minWidth: 200 } : undefined}
        >
          {cell(column)}
        </TableCell>
      ))}
    </TableRow>
  );
});
