import type { GuestKeyView, PublicSite } from '@fairway/domain';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { Facts, formatClubTime } from './Facts';
import { keyPageMessages } from './key-locales';

/**
 * Spec §2 Virtual key page: the credits badge (or Unlimited) that opens the key's details, and the close
 * icon that forgets the key.
 */
export function KeyCard({
  keyView,
  site,
  onClose,
}: {
  keyView: GuestKeyView;
  site: PublicSite;
  onClose: () => void;
}) {
  const { locale } = useI18n();
  const tk = useNamespace(keyPageMessages);
  const [open, setOpen] = useState(false);
  // Spec §4 Credits: negative = unlimited.
  const credits = keyView.credits < 0 ? tk('key.unlimited') : tk('key.credits', { count: keyView.credits });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {tk('key.title')}
          </Typography>
          <Typography color="text.secondary">{keyView.driverName}</Typography>
        </Box>
        <IconButton
          onClick={onClose}
          aria-label={tk('key.close')}
          title={tk('key.close')}
          sx={{ width: 44, height: 44 }}
        >
          <CloseIcon />
        </IconButton>
      </Box>
      <Button
        variant="contained"
        color="secondary"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="key-details"
        endIcon={
          <ExpandMoreIcon
            sx={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        sx={{ mt: 1.5, borderRadius: 999 }}
      >
        {credits}
      </Button>
      <Collapse in={open} id="key-details" role="region" aria-label={tk('key.details')}>
        <Box sx={{ pt: 2 }}>
          <Facts
            rows={[
              [tk('key.driver'), keyView.driverName],
              [tk('key.email'), keyView.email ?? tk('key.notAvailable')],
              [tk('key.userGroup'), keyView.userGroupName ?? tk('key.notAvailable')],
              [tk('key.creditsLabel'), keyView.credits < 0 ? tk('key.unlimited') : String(keyView.credits)],
              [tk('key.carts'), keyView.allDevices ? tk('key.allCarts') : keyView.devices.join(', ')],
              [tk('key.status'), keyView.enabled ? tk('key.enabled') : tk('key.disabled')],
              [
                tk('key.expires'),
                keyView.expires ? formatClubTime(keyView.expires, locale, site.timezone) : tk('key.never'),
              ],
            ]}
          />
        </Box>
      </Collapse>
    </Paper>
  );
}
