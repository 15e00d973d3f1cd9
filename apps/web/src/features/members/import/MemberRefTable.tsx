import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** How many rows a list shows; a 10,000-row file stays quick to render, the rest is counted. */
export const MEMBER_LIST_LIMIT = 100;

export interface MemberRef {
  name: string;
  email: string;
  /** Why the row is listed (invalid, duplicate); omitted for members that will be imported. */
  reason?: string;
}

interface MemberRefTableProps {
  label: string;
  members: readonly MemberRef[];
  numbers: Intl.NumberFormat;
}

/** A capped table of members (name, email, reason) with "and N more" under it. */
export function MemberRefTable({ label, members, numbers }: MemberRefTableProps) {
  const { t } = useTranslation();
  const shown = members.slice(0, MEMBER_LIST_LIMIT);
  const withReason = members.some((member) => member.reason !== undefined);
  return (
    <>
      <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{t('memberImport.table.name')}</TableCell>
              <TableCell>{t('memberImport.table.email')}</TableCell>
              {withReason && <TableCell>{t('memberImport.table.reason')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((member, index) => (
              // Rows of a file have no id, and the same member can be listed twice: the position is the key.
              <TableRow key={index}>
                <TableCell>{member.name || '–'}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{member.email || '–'}</TableCell>
                {withReason && <TableCell>{member.reason}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {members.length > shown.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('memberImport.table.more', { total: numbers.format(members.length - shown.length) })}
        </Typography>
      )}
    </>
  );
}
