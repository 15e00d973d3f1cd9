import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PaneMessageProps {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** A pane's "nothing here": smaller than a page's empty state, and no page heading (the list has the h1). */
export function PaneMessage({ icon, title, description, action }: PaneMessageProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 0.75,
        py: 4,
        px: 2,
        color: 'text.secondary',
      }}
    >
      <Box
        sx={{ fontSize: 44, lineHeight: 0, color: 'primary.main', '& svg': { fontSize: 'inherit' } }}
        aria-hidden
      >
        {icon}
      </Box>
      <Typography component="h2" variant="subtitle1" sx={{ color: 'text.primary', fontWeight: 600 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ maxWidth: 380 }}>
          {description}
        </Typography>
      )}
      {action}
    </Box>
  );
}
