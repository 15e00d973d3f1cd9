import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** A designed "nothing here (yet)" message: icon, title, one line, optional action. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
        py: { xs: 6, md: 10 },
        px: 2,
        color: 'text.secondary',
      }}
    >
      <Box
        sx={{ fontSize: 56, lineHeight: 0, color: 'primary.main', '& svg': { fontSize: 'inherit' } }}
        aria-hidden
      >
        {icon}
      </Box>
      <Typography component="h1" variant="h5" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      {description && <Typography sx={{ maxWidth: 420 }}>{description}</Typography>}
      {action}
    </Box>
  );
}
