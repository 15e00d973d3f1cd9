import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTokenInfo } from '../../../lib/session';
import { useAccount } from '../api/get-account';
import { endSession } from '../end-session';

/** The signed-in account and the Logout action. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccount();
  const session = useTokenInfo();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const logout = async () => {
    setAnchor(null);
    endSession();
    await navigate('/login', { replace: true });
    // The next user of this browser must not see this user's data, not even from the cache.
    queryClient.clear();
  };

  const role = account.data?.role ?? session?.role;
  return (
    <>
      <Tooltip title={t('account.menu')}>
        <IconButton
          color="inherit"
          aria-label={t('account.menu')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'account-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="account-menu-button"
        >
          <AccountCircle />
        </IconButton>
      </Tooltip>
      <Menu id="account-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
          <ListItemText
            primary={account.data?.email ?? t('common.loading')}
            secondary={role ? t(`roles.${role}`) : undefined}
          />
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => void logout()} data-testid="logout">
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <Typography>{t('account.logout')}</Typography>
        </MenuItem>
      </Menu>
    </>
  );
}
