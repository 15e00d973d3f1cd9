import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { CartView, SiteView } from '@fairway/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useClearActivity } from '../api/clear-activity';

interface ClearLogButtonProps {
  site: SiteView | null;
  cart: CartView | null;
}

/**
 * Clear log (spec §2 Admin → Activity, §8 "activity delete" confirm): the chosen cart's log, or the chosen
 * site's; without either there is nothing it may clear, so it stays disabled and says why. The toast tells
 * how many entries went.
 */
export function ClearLogButton({ site, cart }: ClearLogButtonProps) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const clear = useClearActivity();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  const disabled = site === null || clear.isPending;
  const cartName = cart ? t('adminActivity.cart', { carNumber: cart.carNumber ?? cart.serial }) : '';

  const confirm = () => {
    setAsking(false);
    if (!site) return;
    const target = cart ? { deviceId: cart._id, siteId: site._id } : { siteId: site._id };
    clear.mutate(target, {
      onSuccess: (deleted) =>
        showToast(
          t('adminActivity.clear.done', { count: deleted, value: numbers.format(deleted) }),
          'success',
        ),
      // The server's own words for a refusal; nothing was cleared.
      onError: (error) => showToast(error instanceof ApiError ? error.message : t('errors.unknown'), 'error'),
    });
  };

  return (
    <>
      <Tooltip title={site === null ? t('adminActivity.clear.needsTarget') : ''} describeChild>
        {/* A disabled button fires no events: the span keeps the tooltip working. */}
        <span>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteSweepIcon />}
            disabled={disabled}
            onClick={() => setAsking(true)}
            data-testid="activity-clear"
          >
            {t('adminActivity.clear.button')}
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={asking}
        title={t('adminActivity.clear.title')}
        message={
          cart && site
            ? t('adminActivity.clear.cartMessage', { cart: cartName, site: site.name })
            : t('adminActivity.clear.siteMessage', { site: site?.name ?? '' })
        }
        confirmLabel={t('adminActivity.clear.confirm')}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
