import DialpadIcon from '@mui/icons-material/Dialpad';
import KeyIcon from '@mui/icons-material/Key';
import NfcIcon from '@mui/icons-material/Nfc';
import type { CodeType, CodeView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const TYPE_ICONS: Record<CodeType, ReactElement> = {
  virtualKey: <KeyIcon />,
  keypad: <DialpadIcon />,
  rfid: <NfcIcon />,
};

interface MemberCodeChipProps {
  code: CodeView;
  now: number;
  onOpen: () => void;
}

/** One of a member's codes: type and value, greyed when it cannot unlock (disabled or expired). */
export function MemberCodeChip({ code, now, onOpen }: MemberCodeChipProps) {
  const { t } = useTranslation();
  const expired = code.expires !== null && Date.parse(code.expires) <= now;
  const state = !code.enabled ? 'disabled' : expired ? 'expired' : 'active';
  const type = t(`members.codeTypes.${code.type}`);
  const description = [
    type,
    code.master ? t('members.codes.master') : null,
    state === 'active' ? null : t(`members.codes.${state}`),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={description}>
      <Chip
        size="small"
        variant="outlined"
        clickable
        onClick={onOpen}
        icon={TYPE_ICONS[code.type]}
        color={state === 'active' ? 'primary' : 'default'}
        aria-label={t('members.codes.open', { description, code: code.code })}
        data-testid={`member-code-${code.type}`}
        data-state={state}
        sx={{
          fontVariantNumeric: 'tabular-nums',
          // Muted by colour, not opacity: a faded code fell below AA contrast (3.7:1).
          color: state === 'active' ? undefined : 'text.secondary',
          textDecoration: state === 'active' ? 'none' : 'line-through',
        }}
        label={
          <>
            {code.code}
            {code.master && (
              <Box
                component="span"
                sx={{
                  ml: 0.75,
                  px: 0.5,
                  borderRadius: 0.5,
                  fontSize: '0.625rem',
                  fontWeight: 700,
                  textTransform: 'uppercase',
                  bgcolor: 'warning.main',
                  color: 'warning.contrastText',
                }}
              >
                {t('members.codes.masterBadge')}
              </Box>
            )}
          </>
        }
      />
    </Tooltip>
  );
}
