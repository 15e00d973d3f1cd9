import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';

interface EditDialogActionsProps {
  /** shown (at the left) only when editing something the rules let the operator delete */
  onDelete?: (() => void) | undefined;
  onCancel: () => void;
  onSave: () => void;
  saveDisabled: boolean;
}

/** The booking and maintenance dialogs' one row of actions: Delete when allowed, Cancel, Save. */
export function EditDialogActions({ onDelete, onCancel, onSave, saveDisabled }: EditDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      {onDelete && (
        <Button color="error" onClick={onDelete} sx={{ mr: 'auto' }}>
          {t('bookings.dialog.delete')}
        </Button>
      )}
      <Button onClick={onCancel}>{t('bookings.dialog.cancel')}</Button>
      <Button variant="contained" disabled={saveDisabled} onClick={onSave}>
        {t('bookings.dialog.save')}
      </Button>
    </DialogActions>
  );
}
