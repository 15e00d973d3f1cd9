import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface CardMessageProps {
  icon: ReactNode;
  title: string;
  description?: string;
}

/** A card's "nothing here yet": smaller than a page's empty state, and no page heading. */
export function CardMessage({ icon, title, description }: CardMessageProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 0.5,
        py: 3,
        px: 2,
        color: 'text.secondary',
      }}
    >
      <Box
        sx={{ fontSize: 40, lineHeight: 0, color: 'primary.main', '& svg': { fontSize: 'inherit' } }}
        aria-hidden
      >
        {icon}
      </Box>
      <Typography sx={{ color: 'text.primary', fontWeight: 500 }}>{title}</Typography>
      {description && (
        <Typography variant="body2" sx={{ maxWidth: 360 }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}
