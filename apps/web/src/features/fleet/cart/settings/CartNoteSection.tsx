import EditNoteIcon from '@mui/icons-material/EditNote';
import type { CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveCart } from '../../use-save-cart';
import { CartNoteDialog } from './CartNoteDialog';

/** The note as it stands, and the dialog to change it. */
export function CartNoteSection({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveCart(cart._id);
  const [editing, setEditing] = useState(false);
  return (
    <Box>
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', color: cart.carNote ? 'text.primary' : 'text.secondary', mb: 1 }}
      >
        {cart.carNote || t('fleet.settings.noNote')}
      </Typography>
      <Button startIcon={<EditNoteIcon />} onClick={() => setEditing(true)}>
        {t('fleet.settings.editNote')}
      </Button>
      {editing && (
        <CartNoteDialog
          open
          note={cart.carNote}
          saving={saving}
          onClose={() => setEditing(false)}
          onSave={(note) =>
            void save({ carNote: note }).then((saved) => {
              if (saved) setEditing(false);
            })
          }
        />
      )}
    </Box>
  );
}
