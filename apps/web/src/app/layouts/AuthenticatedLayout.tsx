import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, NavLink, useLocation, useNavigation } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { LanguageMenu } from '../../components/LanguageMenu';
import { AccountMenu } from '../../features/auth/components/AccountMenu';
import { SiteSelector } from '../../features/sites/components/SiteSelector';
import { useTokenInfo } from '../../lib/session';
import { navigationFor } from './navigation-items';

const MAIN_CONTENT_ID = 'main-content';

/**
 * WCAG 2.4.1: the first Tab stop jumps past the app bar to the page. Hidden until focused. It moves focus
 * itself instead of following the `#main-content` fragment, which the router would treat as a navigation.
 */
function SkipLink({ onSkip }: { onSkip: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        onSkip();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('nav.skipToContent')}
    </Box>
  );
}

interface AuthenticatedLayoutProps {
  /** A section menu beside the page (the settings layout); null keeps the page full width. */
  sideMenu?: ReactNode;
  children: ReactNode;
}

/**
 * The operator frame: app bar with navigation, site selector, language and account menus; a drawer
 * replaces the navigation below the md breakpoint. The page area fills the remaining height, so the
 * map can take all of it.
 */
export function AuthenticatedLayout({ sideMenu = null, children }: AuthenticatedLayoutProps) {
  const { t } = useTranslation();
  const session = useTokenInfo();
  const navigation = useNavigation();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  const items = navigationFor(session?.role);
  const mainRef = useRef<HTMLElement>(null);

  // Spec §2: scroll to top on navigation. The page scrolls inside <main>, not the window.
  useEffect(() => {
    if (mainRef.current) mainRef.current.scrollTop = 0;
  }, [location.pathname]);

  // Close the phone drawer once the user navigated somewhere (adjusting state while rendering).
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    setDrawerOpen(false);
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <SkipLink onSkip={() => mainRef.current?.focus()} />
      <AppBar position="static" elevation={1} className="fw-on-dark">
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('nav.openMenu')}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box component={RouterLink} to="/" sx={{ color: 'inherit', textDecoration: 'none', mr: 2 }}>
            <BrandMark />
          </Box>
          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}
          >
            {items.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                color="inherit"
                startIcon={item.icon}
                // A darker green, not a white veil: white text on it keeps AA contrast (8:1).
                sx={{ '&.active': { bgcolor: 'primary.dark' } }}
              >
                {t(item.labelKey)}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <SiteSelector />
          </Box>
          <LanguageMenu />
          <AccountMenu />
        </Toolbar>
        {navigation.state === 'loading' && (
          <LinearProgress color="secondary" sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }} />
        )}
      </AppBar>

      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} sx={{ display: { md: 'none' } }}>
        <Box sx={{ width: 280 }} role="presentation">
          <Box sx={{ p: 2, color: 'primary.main' }}>
            <BrandMark />
          </Box>
          <Box sx={{ px: 2, pb: 2, display: { sm: 'none' } }}>
            <SiteSelector variant="drawer" />
          </Box>
          <Divider />
          <List component="nav" aria-label={t('nav.main')}>
            {items.map((item) => (
              <ListItemButton
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                sx={{ '&.active': { bgcolor: 'action.selected' } }}
              >
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText primary={t(item.labelKey)} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>

      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {sideMenu}
        <Box
          ref={mainRef}
          component="main"
          id={MAIN_CONTENT_ID}
          // Focusable by script only: the skip link moves focus here, Tab never stops on it.
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, overflow: 'auto', position: 'relative', outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
