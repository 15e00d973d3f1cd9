import GolfCourseIcon from '@mui/icons-material/GolfCourse';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product name with its mark. The name is a brand and stays untranslated. */
export function BrandMark({ size = 'medium' }: { size?: 'medium' | 'large' }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <GolfCourseIcon sx={{ fontSize: size === 'large' ? 36 : 26 }} aria-hidden />
      <Typography
        component="span"
        variant={size === 'large' ? 'h5' : 'h6'}
        sx={{ fontWeight: 700, letterSpacing: 0.5 }}
      >
        Fairway
      </Typography>
    </Box>
  );
}
