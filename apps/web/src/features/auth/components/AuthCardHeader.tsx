import Typography from '@mui/material/Typography';

/** Title and one line of guidance at the top of every login-area card. */
export function AuthCardHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
          {subtitle}
        </Typography>
      )}
    </>
  );
}
