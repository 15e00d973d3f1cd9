import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * Where the message stands: a whole page (its h1), a pane beside a list that has the page heading (an h2),
 * or a card among others (no heading). Smaller places get a smaller icon and tighter spacing.
 */
export type EmptyStateSize = 'page' | 'pane' | 'card';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  size?: EmptyStateSize;
}

const LOOK = {
  page: { gap: 1.5, py: { xs: 6, md: 10 }, icon: 56, textWidth: 420 },
  pane: { gap: 0.75, py: 4, icon: 44, textWidth: 380 },
  card: { gap: 0.5, py: 3, icon: 40, textWidth: 360 },
} as const;

function Title({ size, children }: { size: EmptyStateSize; children: string }) {
  if (size === 'page')
    return (
      <Typography component="h1" variant="h5" sx={{ color: 'text.primary' }}>
        {children}
      </Typography>
    );
  if (size === 'pane')
    return (
      <Typography component="h2" variant="subtitle1" sx={{ color: 'text.primary', fontWeight: 600 }}>
        {children}
      </Typography>
    );
  return <Typography sx={{ color: 'text.primary', fontWeight: 500 }}>{children}</Typography>;
}

/** A designed "nothing here (yet)" message: icon, title, one line, optional action. */
export function EmptyState({ icon, title, description, action, size = 'page' }: EmptyStateProps) {
  const look = LOOK[size];
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: look.gap,
        py: look.py,
        px: 2,
        color: 'text.secondary',
      }}
    >
      <Box
        sx={{ fontSize: look.icon, lineHeight: 0, color: 'primary.main', '& svg': { fontSize: 'inherit' } }}
        aria-hidden
      >
        {icon}
      </Box>
      <Title size={size}>{title}</Title>
      {description && (
        <Typography variant={size === 'page' ? 'body1' : 'body2'} sx={{ maxWidth: look.textWidth }}>
          {description}
        </Typography>
      )}
      {action}
    </Box>
  );
}
