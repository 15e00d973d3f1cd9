import type { PublicProfileView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAddress } from './public-profile-form';

/** One term and its value; empty values say so rather than leave a gap. */
function Entry({ term, children }: { term: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children || (
          <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            {t('publicProfile.notSet')}
          </Box>
        )}
      </Typography>
    </>
  );
}

/** What guests see of the club in the booking app, as saved. */
export function PublicProfileSummary({ profile }: { profile: PublicProfileView }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1, m: 0 }}
    >
      <Entry term={t('publicProfile.fields.name')}>{profile.name}</Entry>
      <Entry term={t('publicProfile.fields.description')}>
        {profile.description && (
          <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
            {profile.description}
          </Box>
        )}
      </Entry>
      <Entry term={t('publicProfile.fields.website')}>
        {profile.website && (
          <Link href={profile.website} target="_blank" rel="noopener noreferrer">
            {profile.website}
          </Link>
        )}
      </Entry>
      <Entry term={t('publicProfile.fields.address')}>{formatAddress(profile.address)}</Entry>
      <Entry term={t('publicProfile.fields.terms')}>
        {profile.termsAndConditions && (
          // Terms can run long; three lines tell the operator which text is saved.
          <Box
            component="span"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              whiteSpace: 'pre-line',
            }}
          >
            {profile.termsAndConditions}
          </Box>
        )}
      </Entry>
    </Box>
  );
}
