import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvFileProblem } from './csv-file';

/** The real file input, kept for the keyboard, screen readers and tests but drawn as the button around it. */
const VisuallyHiddenInput = styled('input')({
  clipPath: 'inset(50%)',
  height: 1,
  overflow: 'hidden',
  position: 'absolute',
  bottom: 0,
  left: 0,
  whiteSpace: 'nowrap',
  width: 1,
});

interface ChooseFileStepProps {
  problem: CsvFileProblem | null;
  reading: boolean;
  onFile: (file: File) => void;
}

/** Step 1: a .csv file, chosen with the button or dropped on the area. */
export function ChooseFileStep({ problem, reading, onFile }: ChooseFileStepProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="import-drop-zone"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        textAlign: 'center',
        p: { xs: 3, sm: 5 },
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 2,
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
      }}
    >
      <UploadFileIcon sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden />
      <Typography>{t('memberImport.file.prompt')}</Typography>
      <Button component="label" variant="contained" disabled={reading} startIcon={<UploadFileIcon />}>
        {t('memberImport.file.choose')}
        <VisuallyHiddenInput
          type="file"
          accept=".csv,text/csv"
          data-testid="import-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again (after going back) fires a change.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 480 }}>
        {t('memberImport.file.hint')}
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ alignSelf: 'stretch', textAlign: 'left' }}>
          {t(`memberImport.file.problems.${problem}`)}
        </Alert>
      )}
    </Box>
  );
}
