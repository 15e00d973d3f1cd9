import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden';
import { useNamespace } from '../i18n/I18nProvider';
import { reportMessages } from './locales';

/** The photo the guest chose, with its preview's address in the phone's memory (a blob: URL). */
export interface ChosenPhoto {
  file: File;
  url: string;
}

interface PhotoFieldProps {
  photo: ChosenPhoto | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
}

/**
 * The optional photo: on a phone the button opens the rear camera (`capture="environment"`), elsewhere the
 * file chooser. The chosen photo shows as a preview (`useChosenPhoto`).
 */
export function PhotoField({ photo, disabled, onChange }: PhotoFieldProps) {
  const rt = useNamespace(reportMessages);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const label = photo ? rt('photo.replace') : rt('photo.add');
  return (
    <Stack spacing={1.5}>
      {photo && (
        <Box
          component="img"
          src={photo.url}
          alt={rt('photo.preview')}
          sx={{ width: '100%', maxHeight: 280, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.100' }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {/* The button opens the hidden file input: a label around an input would nest two controls. */}
        <Button
          variant="outlined"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          {label}
        </Button>
        <Box
          component="input"
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={label}
          tabIndex={-1}
          disabled={disabled}
          sx={VISUALLY_HIDDEN}
          onChange={(event) => {
            const target = event.currentTarget as HTMLInputElement;
            const file = target.files?.[0] ?? null;
            // Cleared, so choosing the same photo again after removing it still fires a change.
            target.value = '';
            if (file) onChange(file);
          }}
        />
        {photo && (
          <Button variant="text" color="inherit" disabled={disabled} onClick={() => onChange(null)}>
            {rt('photo.remove')}
          </Button>
        )}
      </Stack>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {rt('photo.hint')}
      </Typography>
    </Stack>
  );
}

/**
 * The chosen photo and the setter the field calls. The preview's blob: address is made when the photo is
 * chosen and released when it is replaced, removed or the form goes away, so the phone's memory holds one
 * photo at most.
 */
export function useChosenPhoto(): [ChosenPhoto | null, (file: File | null) => void] {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const current = useRef<ChosenPhoto | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.url);
      current.current = null;
    },
    [],
  );
  const choose = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current.url);
    current.current = file ? { file, url: URL.createObjectURL(file) } : null;
    setPhoto(current.current);
  }, []);
  return [photo, choose];
}
