import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface PhotoDialogProps {
  /** The photo's signed address; null closes the dialog. */
  url: string | null;
  title: string;
  alt: string;
  onClose: () => void;
}

/** A report's photo at full size (at most 1600 px, as the server stored it), within the screen. */
export function PhotoDialog({ url, title, alt, onClose }: PhotoDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={url !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="lg">
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
        <IconButton
          aria-label={t('damageReports.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {url && (
          <Box
            component="img"
            src={url}
            alt={alt}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto', objectFit: 'contain' }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
