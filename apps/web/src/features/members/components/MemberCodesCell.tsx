import AddIcon from '@mui/icons-material/Add';
import type { CodeType, CodeView, MemberView } from '@fairway/domain';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { MemberCodeChip } from './MemberCodeChip';

interface MemberCodesCellProps {
  member: MemberView;
  codeTypes: readonly CodeType[];
  now: number;
  onCode: (member: MemberView, code: CodeView | null) => void;
}

/**
 * The member's codes as chips; a click opens the code. The add button shows while the member lacks one of
 * the code types the site offers (at most one code per type, spec §4 Codes).
 */
export function MemberCodesCell({ member, codeTypes, now, onCode }: MemberCodesCellProps) {
  const { t } = useTranslation();
  const canAdd = codeTypes.some((type) => !member.codes.some((code) => code.type === type));
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {member.codes.map((code) => (
        <MemberCodeChip key={code._id} code={code} now={now} onOpen={() => onCode(member, code)} />
      ))}
      {canAdd && (
        <Tooltip title={t('members.codes.add')}>
          <IconButton
            size="small"
            onClick={() => onCode(member, null)}
            aria-label={t('members.codes.addFor', { name: member.name })}
            data-testid="member-code-add"
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
