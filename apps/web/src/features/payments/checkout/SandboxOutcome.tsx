import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SandboxOutcomeProps {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}

/** A sandbox page that has nothing to do: what happened, and the way on where there is one. */
export function SandboxOutcome({ icon, title, text, action }: SandboxOutcomeProps) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', overflowWrap: 'anywhere' }}>
      <Box sx={{ fontSize: 48, lineHeight: 0, '& svg': { fontSize: 'inherit' } }} aria-hidden>
        {icon}
      </Box>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
      {action}
    </Stack>
  );
}
