import EditIcon from '@mui/icons-material/Edit';
import type { SiteView } from '@fairway/domain';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from './ImageUploadField';
import { PosterDownload } from './PosterDownload';
import { PublicProfileActiveSwitch } from './PublicProfileActiveSwitch';
import { PublicProfileDialog } from './PublicProfileDialog';
import { PublicProfileSummary } from './PublicProfileSummary';

interface PublicProfileCardProps {
  site: SiteView;
  /** Profile, switch and images are site settings: role admin. The poster is for everyone. */
  editable: boolean;
}

/**
 * Spec §2 Public profile: how the club appears in the booking app. Shown once payments are active and
 * the site books through Fairway (no booking integration).
 */
export function PublicProfileCard({ site, editable }: PublicProfileCardProps) {
  const { t } = useTranslation();
  // `opening` keys a fresh form each time the dialog opens; `open` alone would keep the last edits.
  const [dialog, setDialog] = useState({ open: false, opening: 0 });
  const profile = site.publicProfile;

  return (
    <Card variant="outlined">
      <CardHeader
        title={t('publicProfile.title')}
        subheader={t('publicProfile.subtitle')}
        slotProps={{ title: { component: 'h2' } }}
        action={
          editable && (
            <Button
              startIcon={<EditIcon />}
              onClick={() => setDialog((current) => ({ open: true, opening: current.opening + 1 }))}
            >
              {t('publicProfile.edit')}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          <PublicProfileActiveSwitch site={site} editable={editable} />
          <PublicProfileSummary profile={profile} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
            <ImageUploadField
              siteId={site._id}
              kind="logo"
              imageUrl={profile.logoUrl ?? site.logo}
              editable={editable}
            />
            <ImageUploadField
              siteId={site._id}
              kind="cover"
              imageUrl={profile.coverPhotoUrl ?? site.cover}
              editable={editable}
            />
          </Stack>
          <PosterDownload site={site} />
        </Stack>
      </CardContent>
      <PublicProfileDialog
        key={dialog.opening}
        open={dialog.open}
        site={site}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </Card>
  );
}
