import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { linkProps } from '../router/navigation';
import { LanguageMenu } from './LanguageMenu';

export interface SiteBrand {
  name: string;
  logoUrl: string | null;
}

/**
 * Every guest page: the club's name (and logo) with the language menu, then the page in one column that
 * fits a 360 px phone. `footer` stays at the bottom of the screen (the session's End ride button); `back`
 * puts an arrow before the name (the portal's inner pages lead back to the club's home).
 */
export function RideLayout({
  title,
  site,
  children,
  footer,
  back,
}: {
  /** the document title (the page's own heading) */
  title: string;
  site?: SiteBrand | null;
  children: ReactNode;
  footer?: ReactNode;
  back?: { to: string; label: string };
}) {
  const siteName = site?.name || 'Fairway';
  useEffect(() => {
    document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          pl: back ? 0.5 : 2,
          pr: 1,
          py: 0.5,
          minHeight: 56,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {back && (
          <Box
            component="a"
            {...linkProps(back.to)}
            aria-label={back.label}
            title={back.label}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: '50%',
              color: 'text.primary',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': {
                outline: (theme) => `3px solid ${theme.palette.primary.dark}`,
                outlineOffset: 2,
              },
            }}
          >
            <ArrowBackIcon aria-hidden />
          </Box>
        )}
        {site?.logoUrl && (
          <Box
            component="img"
            src={site.logoUrl}
            alt=""
            sx={{ height: 36, maxWidth: 96, objectFit: 'contain', flexShrink: 0 }}
          />
        )}
        <Typography
          component="p"
          sx={{
            flex: 1,
            minWidth: 0,
            fontWeight: 600,
            lineHeight: 1.25,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {siteName}
        </Typography>
        <LanguageMenu />
      </Box>
      <Container
        component="main"
        id="ride-main"
        tabIndex={-1}
        maxWidth="sm"
        sx={{ flex: 1, py: 3, outline: 'none', pb: footer ? 14 : 3 }}
      >
        {children}
      </Container>
      {footer}
    </Box>
  );
}
