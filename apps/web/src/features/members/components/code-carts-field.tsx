import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Menu entries that are commands, not carts; they never end up in the picked list. */
const SELECT_ALL = '\u0000select-all';
const DONE = '\u0000done';

interface CodeCartsFieldProps {
  allDevices: boolean;
  devices: readonly string[];
  /** Every car number of the site, in display order. */
  carNumbers: readonly string[];
  /** Show 'Item is required' (the operator has left the field empty). */
  showError: boolean;
  onAllDevicesChange: (on: boolean) => void;
  onDevicesChange: (picked: string[]) => void;
  onBlur: () => void;
}

/**
 * All Carts switch and the cart multi-select with Select All and OK (spec §2 Code dialog). With All
 * Carts on, the select shows every cart ticked, so unticking one narrows the code to the rest.
 */
export function CodeCartsField({
  allDevices,
  devices,
  carNumbers,
  showError,
  onAllDevicesChange,
  onDevicesChange,
  onBlur,
}: CodeCartsFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const picked = allDevices ? carNumbers : devices;
  const everyCartPicked =
    carNumbers.length > 0 && carNumbers.every((carNumber) => picked.includes(carNumber));
  // A code may still list a cart the site has since renumbered; it stays visible so it can be unticked.
  const options = [...carNumbers, ...devices.filter((carNumber) => !carNumbers.includes(carNumber))];
  const missing = !allDevices && devices.length === 0;

  const close = () => {
    setOpen(false);
    onBlur();
  };
  const change = (next: string[]) => {
    if (next.includes(DONE)) return close();
    if (next.includes(SELECT_ALL)) return onDevicesChange(everyCartPicked ? [] : [...carNumbers]);
    onDevicesChange(next);
  };

  return (
    <Stack spacing={1}>
      <FormControlLabel
        label={t('memberCodes.code.allCarts')}
        control={
          <Switch checked={allDevices} onChange={(event) => onAllDevicesChange(event.target.checked)} />
        }
      />
      <TextField
        select
        label={t('memberCodes.code.carts')}
        value={picked}
        error={showError && missing}
        helperText={showError && missing ? t('memberCodes.code.cartsRequired') : ' '}
        required={!allDevices}
        fullWidth
        slotProps={{
          select: {
            multiple: true,
            open,
            onOpen: () => setOpen(true),
            onClose: close,
            onChange: (event) => change(event.target.value as string[]),
            renderValue: () => (allDevices ? t('memberCodes.code.allCartsValue') : picked.join(', ')),
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } },
          },
        }}
      >
        <MenuItem value={SELECT_ALL} divider>
          <Checkbox
            checked={everyCartPicked}
            indeterminate={!everyCartPicked && picked.length > 0}
            tabIndex={-1}
            disableRipple
          />
          <ListItemText primary={t('memberCodes.code.selectAllCarts')} />
        </MenuItem>
        {options.map((carNumber) => (
          <MenuItem key={carNumber} value={carNumber}>
            <Checkbox checked={picked.includes(carNumber)} tabIndex={-1} disableRipple />
            <ListItemText primary={t('memberCodes.code.cart', { number: carNumber })} />
          </MenuItem>
        ))}
        <MenuItem
          value={DONE}
          sx={{
            position: 'sticky',
            bottom: 0,
            justifyContent: 'center',
            bgcolor: 'background.paper',
            color: 'primary.main',
            fontWeight: 600,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {t('memberCodes.code.cartsDone')}
        </MenuItem>
      </TextField>
    </Stack>
  );
}
