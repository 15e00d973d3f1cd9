import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import KeyIcon from '@mui/icons-material/Key';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { anyInKeyMode, COMMAND_CODES, hasRole, type CartView, type Role } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkCommand } from '../../commands';
import { useBulkKeyMode } from '../use-bulk-key-mode';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

type ConfirmedAction = 'reboot' | 'keyMode' | 'keyless';

interface FleetActionsMenuProps {
  selected: readonly CartView[];
  role: Role | null;
}

/**
 * Bulk actions for the ticked carts (spec §2 Fleet, §6: enabled only with carts selected and role basic):
 * lock, unlock, reboot, key mode, keyless mode. Warns when a selected cart is in key mode, which lock and
 * unlock leave alone (§4), and asks before reboot and before switching key mode.
 */
export function FleetActionsMenu({ selected, role }: FleetActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  const bulk = useBulkCommand();
  const keyMode = useBulkKeyMode();

  const allowed = hasRole(role, 'basic');
  const disabledHint = !allowed
    ? t('fleet.actions.roleHint')
    : selected.length === 0
      ? t('fleet.actions.selectHint')
      : '';
  const busy = bulk.pending || keyMode.pending;

  const run = (action: () => void) => {
    setAnchor(null);
    action();
  };
  const confirm = () => {
    const action = confirming;
    setConfirming(null);
    if (action === 'reboot') bulk.send({ name: 'ping', code: COMMAND_CODES.reboot }, selected);
    if (action === 'keyMode') keyMode.set(selected, '1');
    if (action === 'keyless') keyMode.set(selected, '0');
  };

  const item = (testId: string, icon: ReactNode, label: string, onClick: () => void) => (
    <MenuItem data-testid={testId} onClick={() => run(onClick)}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <Tooltip title={disabledHint}>
        {/* A disabled button fires no events; the span lets the tooltip say why it is disabled. */}
        <span>
          <Button
            variant="contained"
            data-testid="fleet-actions"
            // While a bulk command runs the button stays focusable (the menu hands focus back to it).
            disabled={!allowed || selected.length === 0}
            aria-disabled={busy || undefined}
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="menu"
            aria-controls={anchor ? 'fleet-actions-menu' : undefined}
            onClick={(event) => {
              if (!busy) setAnchor(event.currentTarget);
            }}
          >
            {selected.length > 0
              ? t('fleet.actions.buttonWithCount', { total: selected.length })
              : t('fleet.actions.button')}
          </Button>
        </span>
      </Tooltip>
      <Menu id="fleet-actions-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {anyInKeyMode([...selected]) && (
          <Alert severity="warning" sx={{ mx: 1, mb: 1, maxWidth: 340 }} data-testid="fleet-keymode-warning">
            {t('fleet.actions.keyModeWarning')}
          </Alert>
        )}
        {item('fleet-action-lock', <LockIcon fontSize="small" />, t('fleet.actions.lock'), () =>
          bulk.send({ name: 'lock' }, selected),
        )}
        {item('fleet-action-unlock', <LockOpenIcon fontSize="small" />, t('fleet.actions.unlock'), () =>
          bulk.send({ name: 'unlock' }, selected),
        )}
        {item('fleet-action-reboot', <RestartAltIcon fontSize="small" />, t('fleet.actions.reboot'), () =>
          setConfirming('reboot'),
        )}
        {item('fleet-action-keymode', <KeyIcon fontSize="small" />, t('fleet.actions.keyMode'), () =>
          setConfirming('keyMode'),
        )}
        {item('fleet-action-keyless', <KeyOffIcon fontSize="small" />, t('fleet.actions.keyless'), () =>
          setConfirming('keyless'),
        )}
      </Menu>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`fleet.actions.confirm.${confirming}.title`) : ''}
        message={
          confirming ? t(`fleet.actions.confirm.${confirming}.message`, { total: selected.length }) : ''
        }
        confirmLabel={confirming ? t(`fleet.actions.confirm.${confirming}.confirm`) : ''}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
