import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_COLUMNS, type DeviceColumn } from '../lib/device-columns';

interface ColumnChooserProps {
  shown: readonly DeviceColumn[];
  onChange: (columns: DeviceColumn[]) => void;
}

/** Which columns the table shows (remembered in this browser); the serial always shows. */
export function ColumnChooser({ shown, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (column: DeviceColumn) =>
    onChange(
      DEVICE_COLUMNS.filter((c) => (c === column ? !shown.includes(c) : shown.includes(c) || c === 'serial')),
    );
  return (
    <>
      <Tooltip title={t('adminDevices.columnsChooser')}>
        <IconButton
          aria-label={t('adminDevices.columnsChooser')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'devices-columns-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="devices-columns"
        >
          <ViewColumnIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id="devices-columns-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
      >
        {DEVICE_COLUMNS.filter((column) => column !== 'serial').map((column) => {
          const checked = shown.includes(column);
          return (
            <MenuItem
              key={column}
              role="menuitemcheckbox"
              aria-checked={checked}
              onClick={() => toggle(column)}
              data-testid={`devices-column-${column}`}
            >
              <ListItemIcon>
                {/* The item itself carries aria-checked; the box only draws it. */}
                {checked ? (
                  <CheckBoxIcon fontSize="small" color="primary" />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText>{t(`adminDevices.columns.${column}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
