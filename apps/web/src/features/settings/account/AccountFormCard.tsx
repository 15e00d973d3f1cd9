import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

interface AccountFormCardProps {
  title: string;
  subtitle: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A card that is one form: titled fields and a submit button that shows progress. */
export function AccountFormCard({
  title,
  subtitle,
  submitLabel,
  pending,
  onSubmit,
  children,
}: AccountFormCardProps) {
  return (
    <Card variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
      <CardHeader
        title={title}
        subheader={subtitle}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
      </CardActions>
    </Card>
  );
}
