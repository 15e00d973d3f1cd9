import BuildIcon from '@mui/icons-material/Build';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import KeyIcon from '@mui/icons-material/Key';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { cartBookingsAt, COMMAND_CODES, hasRole, type CartView, type Role } from '@fairway/domain';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cartLabel } from '../../../lib/cart-label';
import { useNow } from '../../../lib/use-now';
import { useLockToggle, useSendPing } from '../../commands';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSaveCart } from '../use-save-cart';

interface QuickActionProps {
  icon: ReactNode;
  label: string;
  /** Why the action is unavailable (shown as its tooltip), or null. */
  disabledReason?: string | null;
  pending?: boolean;
  onClick: () => void;
  testId?: string;
}

function QuickAction({
  icon,
  label,
  disabledReason = null,
  pending = false,
  onClick,
  testId,
}: QuickActionProps) {
  return (
    <Tooltip title={disabledReason ?? ''}>
      {/* A disabled button fires no events; the span lets the tooltip say why. */}
      <span>
        <Button
          variant="outlined"
          size="small"
          startIcon={pending ? <CircularProgress size={16} /> : icon}
          disabled={disabledReason !== null}
          // Busy is not disabled: a disabled button drops keyboard focus to the dialog, so it stays
          // focusable and ignores clicks until the cart answers.
          aria-disabled={pending || undefined}
          onClick={pending ? undefined : onClick}
          data-testid={testId}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

type ConfirmedAction = 'reboot' | 'keyMode';

/**
 * The cart's quick actions (spec §2 Fleet): lock/unlock, reboot (confirmed), sound, in/out of service
 * (role user) and key mode (confirmed). Pings need the cart online; the server refuses them otherwise.
 */
export function CartQuickActions({ cart, role }: { cart: CartView; role: Role | null }) {
  const { t } = useTranslation();
  const lock = useLockToggle(cart);
  const ping = useSendPing();
  const { save, saving } = useSaveCart(cart._id);
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  const locked = cart.lockStatus === 1;
  const now = useNow(30_000);
  const maintenance = cartBookingsAt(cart.bookings, now).maintenance;
  const inService = cart.inService && !maintenance;
  const offlineReason = cart.onlineStatus ? null : t('commands.refusal.offline');
  const nextKey = cart.key === '1' ? '0' : '1';

  const confirm = () => {
    if (confirming === 'reboot') ping.send(cart, COMMAND_CODES.reboot);
    if (confirming === 'keyMode') void save({ key: nextKey });
    setConfirming(null);
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <QuickAction
          icon={locked ? <LockOpenIcon /> : <LockIcon />}
          label={locked ? t('commands.names.unlock') : t('commands.names.lock')}
          disabledReason={lock.disabledReason}
          pending={lock.pending}
          onClick={lock.toggle}
          testId="cart-lock-toggle"
        />
        {hasRole(role, 'basic') && (
          <>
            <QuickAction
              icon={<RestartAltIcon />}
              label={t('commands.codes.reboot')}
              disabledReason={offlineReason}
              pending={ping.pendingCode === COMMAND_CODES.reboot}
              onClick={() => setConfirming('reboot')}
            />
            <QuickAction
              icon={<VolumeUpIcon />}
              label={t('commands.codes.soundDevice')}
              disabledReason={offlineReason}
              pending={ping.pendingCode === COMMAND_CODES.soundDevice}
              onClick={() => ping.send(cart, COMMAND_CODES.soundDevice)}
            />
            <QuickAction
              icon={cart.key === '1' ? <KeyOffIcon /> : <KeyIcon />}
              label={cart.key === '1' ? t('fleet.quick.toKeyless') : t('fleet.quick.toKeyMode')}
              pending={saving}
              onClick={() => setConfirming('keyMode')}
            />
          </>
        )}
        {hasRole(role, 'user') && (
          <QuickAction
            icon={inService ? <BuildIcon /> : <CheckCircleIcon />}
            label={inService ? t('fleet.quick.takeOutOfService') : t('fleet.quick.putInService')}
            // Spec §4: a current maintenance block reads out of service; it ends with the block.
            disabledReason={maintenance ? t('fleet.quick.inMaintenance') : null}
            pending={saving}
            onClick={() => void save({ inService: !cart.inService })}
            testId="cart-service-toggle"
          />
        )}
      </Stack>
      <ConfirmDialog
        open={confirming === 'reboot'}
        title={t('fleet.quick.confirmReboot.title')}
        message={t('fleet.quick.confirmReboot.message', { number: cartLabel(cart) })}
        confirmLabel={t('commands.codes.reboot')}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'keyMode'}
        title={
          nextKey === '1' ? t('fleet.quick.confirmKeyMode.title') : t('fleet.quick.confirmKeyless.title')
        }
        message={
          nextKey === '1' ? t('fleet.quick.confirmKeyMode.message') : t('fleet.quick.confirmKeyless.message')
        }
        confirmLabel={nextKey === '1' ? t('fleet.quick.toKeyMode') : t('fleet.quick.toKeyless')}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
