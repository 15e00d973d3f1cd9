import AutorenewIcon from '@mui/icons-material/Autorenew';
import NfcIcon from '@mui/icons-material/Nfc';
import { CODE_LENGTH, type CodeType } from '@fairway/domain';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RfidScanDialog } from './RfidScanDialog';

interface CodeValueFieldProps {
  type: CodeType;
  value: string;
  /** Translated reason the value cannot be saved; shown once the operator has touched the field. */
  error: string | null;
  onChange: (value: string) => void;
  onRegenerate: () => void;
  onBlur: () => void;
}

/** The 6-digit unlock code with a regenerate button, or for RFID the tag number with 'Scan tag'. */
export function CodeValueField({ type, value, error, onChange, onRegenerate, onBlur }: CodeValueFieldProps) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const shared = {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
    onBlur,
    error: error !== null,
    required: true,
    fullWidth: true,
  };

  if (type === 'rfid') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...shared}
          label={t('memberCodes.code.rfidTag')}
          helperText={error ?? t('memberCodes.code.rfidTagHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <Button
          variant="outlined"
          startIcon={<NfcIcon />}
          onClick={() => setScanning(true)}
          sx={{ mt: 1, flexShrink: 0 }}
        >
          {t('memberCodes.code.scanTag')}
        </Button>
        <RfidScanDialog
          open={scanning}
          onClose={() => setScanning(false)}
          onScanned={(tag) => {
            onChange(tag);
            setScanning(false);
          }}
        />
      </Stack>
    );
  }

  return (
    <TextField
      {...shared}
      label={t('memberCodes.code.unlockCode')}
      helperText={error ?? t('memberCodes.code.unlockCodeHint')}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: CODE_LENGTH, autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('memberCodes.code.regenerate')}>
                <IconButton aria-label={t('memberCodes.code.regenerate')} edge="end" onClick={onRegenerate}>
                  <AutorenewIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
