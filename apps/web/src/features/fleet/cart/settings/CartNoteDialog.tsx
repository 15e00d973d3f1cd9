import { cartEditable } from '@fairway/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The domain's limit for a cart note. */
const NOTE_MAX_LENGTH = cartEditable.shape.carNote.unwrap().maxLength ?? undefined;

interface CartNoteDialogProps {
  open: boolean;
  note: string;
  saving: boolean;
  onSave: (note: string) => void;
  onClose: () => void;
}

/** Edits the cart's free-text note (damage, parts on order, …). Mounted per opening, so it starts fresh. */
export function CartNoteDialog({ open, note, saving, onSave, onClose }: CartNoteDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [draft, setDraft] = useState(note);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('fleet.settings.note')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={4}
          fullWidth
          margin="dense"
          label={t('fleet.settings.note')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('fleet.cancel')}</Button>
        <Button variant="contained" disabled={saving || draft === note} onClick={() => onSave(draft)}>
          {t('fleet.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
