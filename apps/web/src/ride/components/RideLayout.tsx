import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { LanguageMenu } from './LanguageMenu';

export interface SiteBrand {
  name: string;
  logoUrl: string | null;
}

/**
 * Every guest page: the club's name (and logo) with the language menu, then the page in one column that
 * fits a 360 px phone. `footer` stays at the bottom of the screen (the session's End ride button).
 */
export function RideLayout({
  title,
  site,
  children,
  footer,
}: {
  /** the document title (the page's own heading) */
  title: string;
  site?: SiteBrand | null;
  children: ReactNode;
  footer?: ReactNode;
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
          pl: 2,
          pr: 1,
          py: 0.5,
          minHeight: 56,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
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
