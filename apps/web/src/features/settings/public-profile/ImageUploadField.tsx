import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useUploadSiteImage, type SiteImageKind } from '../../sites';
import { IMAGE_ACCEPT, imageFileProblem } from './image-file-check';

interface ImageUploadFieldProps {
  siteId: string;
  kind: SiteImageKind;
  /** The image guests see now, or null. */
  imageUrl: string | null;
  /** Uploads change the site's settings: role admin. */
  editable: boolean;
}

/** The preview's frame: a square logo, a wide cover. */
const FRAME = {
  logo: { width: 120, height: 120 },
  cover: { width: '100%', maxWidth: 360, aspectRatio: '3 / 1' },
} as const;

/**
 * The logo or the cover photo: a preview of the current image and a file chooser that uploads at once.
 * Wrong files are refused before any upload; the outcome is a toast (spec §8).
 */
export function ImageUploadField({ siteId, kind, imageUrl, editable }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const upload = useUploadSiteImage(siteId);
  // The uploaded image shows at once; the site's own address follows when it is fetched again.
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = uploadedUrl ?? imageUrl;

  const fail = (message: string) => {
    setProblem(message);
    showToast(t('publicProfile.images.uploadFailed', { message }), 'error');
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after fixing it) still reports a change.
    event.target.value = '';
    if (!file) return;
    const refusal = imageFileProblem(file);
    if (refusal) return fail(t(`publicProfile.images.problems.${refusal}`));
    setProblem(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: (url) => {
          setUploadedUrl(url);
          showToast(t('publicProfile.images.uploaded'), 'success');
        },
        onError: (error) => fail(error instanceof ApiError ? error.message : t('errors.unknown')),
      },
    );
  };

  return (
    // The cover takes the room the logo leaves when they sit side by side.
    <Stack spacing={1} sx={{ flex: kind === 'cover' ? 1 : 'none', minWidth: 0 }}>
      <Typography component="h3" variant="subtitle2">
        {t(`publicProfile.images.${kind}.title`)}
      </Typography>
      <Box
        sx={{
          ...FRAME[kind],
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'text.secondary',
        }}
      >
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt={t(`publicProfile.images.${kind}.alt`)}
            sx={{ width: '100%', height: '100%', objectFit: kind === 'logo' ? 'contain' : 'cover' }}
          />
        ) : (
          <Stack spacing={0.5} sx={{ alignItems: 'center', p: 1, textAlign: 'center' }}>
            <ImageOutlinedIcon aria-hidden />
            <Typography variant="caption">{t(`publicProfile.images.${kind}.none`)}</Typography>
          </Stack>
        )}
      </Box>
      {upload.isPending && (
        <Box sx={{ maxWidth: 360 }}>
          <LinearProgress aria-label={t('publicProfile.images.uploading')} />
        </Box>
      )}
      {editable && (
        <Box>
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={<UploadIcon />}
            loading={upload.isPending}
          >
            {t(`publicProfile.images.${kind}.choose`)}
            <input hidden type="file" accept={IMAGE_ACCEPT} aria-describedby={hintId} onChange={choose} />
          </Button>
        </Box>
      )}
      <FormHelperText id={hintId} error={problem !== null} sx={{ m: 0 }}>
        {problem ?? t('publicProfile.images.hint')}
      </FormHelperText>
    </Stack>
  );
}
