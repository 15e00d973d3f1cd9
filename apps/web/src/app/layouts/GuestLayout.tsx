import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/BrandMark';
import { LanguageMenu } from '../../components/LanguageMenu';

/** Login and other public pages: a centred card on a calm background, language switch in the corner. */
export function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.light} 130%)`,
      }}
    >
      <Box sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white' }}>
        <LanguageMenu />
      </Box>
      <Box sx={{ color: 'common.white', mb: 3 }}>
        <BrandMark size="large" />
      </Box>
      <Paper
        component="main"
        elevation={6}
        sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 3 }}
      >
        {children}
      </Paper>
    </Box>
  );
}
