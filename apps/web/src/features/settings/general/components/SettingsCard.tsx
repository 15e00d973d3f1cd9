import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

interface SettingsCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** One titled section of a settings page; the title is a heading so screen readers can jump between them. */
export function SettingsCard({ title, subtitle, children }: SettingsCardProps) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader
        title={title}
        subheader={subtitle}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}
