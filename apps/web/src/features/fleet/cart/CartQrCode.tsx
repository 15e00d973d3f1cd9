import PrintIcon from '@mui/icons-material/Print';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notifications';
import { printQrCode } from './print-qr-code';

const QR_SIZE_PX = 240;

/**
 * The guest QR code of the site (spec §2 Fleet: link /guest/site/{siteId}), shown, hidden or printed for
 * the sticker on the cart. Drawn in the browser; nothing leaves it.
 */
export function CartQrCode({ siteId, title }: { siteId: string; title: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const link = `${window.location.origin}/guest/site/${encodeURIComponent(siteId)}`;
  const image = useQuery({
    queryKey: ['qr-code', link],
    // Loaded on first use: most visits never show a QR code.
    queryFn: async () => (await import('qrcode')).toDataURL(link, { width: QR_SIZE_PX * 2, margin: 1 }),
    enabled: shown,
    staleTime: Infinity,
  });

  const print = () => {
    if (!image.data) return;
    if (!printQrCode({ title, imageUrl: image.data, link })) showToast(t('fleet.qr.popupBlocked'), 'warning');
  };

  if (!shown) {
    return (
      <Button variant="outlined" startIcon={<QrCode2Icon />} onClick={() => setShown(true)}>
        {t('fleet.qr.show')}
      </Button>
    );
  }

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {image.isPending ? (
        <Skeleton
          variant="rectangular"
          width={QR_SIZE_PX}
          height={QR_SIZE_PX}
          aria-label={t('common.loading')}
        />
      ) : image.isError ? (
        <Alert severity="error">{t('fleet.qr.failed')}</Alert>
      ) : (
        <Box
          component="img"
          src={image.data}
          alt={t('fleet.qr.alt')}
          sx={{ width: QR_SIZE_PX, height: QR_SIZE_PX, imageRendering: 'pixelated' }}
        />
      )}
      <Link
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        sx={{ wordBreak: 'break-all' }}
      >
        {link}
      </Link>
      <Stack direction="row" spacing={1}>
        <Button startIcon={<VisibilityOffIcon />} onClick={() => setShown(false)}>
          {t('fleet.qr.hide')}
        </Button>
        <Button startIcon={<PrintIcon />} onClick={print} disabled={!image.data}>
          {t('fleet.qr.print')}
        </Button>
      </Stack>
    </Stack>
  );
}
