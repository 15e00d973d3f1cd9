import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ComponentProps, type ReactNode } from 'react';

/** One of the portal home's choices: a heading, what it is for, and its button. */
export function PortalCard({
  title,
  text,
  action,
  actionLabel,
  primary = false,
  children,
}: {
  title: string;
  text: string;
  actionLabel: string;
  action: Omit<ComponentProps<typeof Button>, 'children'>;
  primary?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {text}
      </Typography>
      {children}
      <Button variant={primary ? 'contained' : 'outlined'} fullWidth size="large" {...action}>
        {actionLabel}
      </Button>
    </Paper>
  );
}
