import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { SiteView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { isSupportedLocale } from '../../../lib/locale';
import { showToast } from '../../../lib/notifications';
import { useDownloadPoster } from '../../sites';

/**
 * The printable poster (spec §2: A4 PDF, QR code 138 mm wide, to the guest site page), in the site's own
 * language: it hangs in the clubhouse for guests, whatever language the operator works in.
 */
export function PosterDownload({ site }: { site: SiteView }) {
  const { t } = useTranslation();
  const download = useDownloadPoster(site._id);
  const language = isSupportedLocale(site.lang) ? t(`language.names.${site.lang}`) : site.lang;

  const start = () =>
    download.mutate(
      { lang: site.lang, siteName: site.name },
      {
        onError: (error) =>
          showToast(
            t('publicProfile.poster.failed', {
              message: error instanceof ApiError ? error.message : t('errors.unknown'),
            }),
            'error',
          ),
      },
    );

  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="subtitle2">
        {t('publicProfile.poster.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('publicProfile.poster.explanation', { language })}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          loading={download.isPending}
          loadingPosition="start"
          onClick={start}
        >
          {download.isPending ? t('publicProfile.poster.preparing') : t('publicProfile.poster.download')}
        </Button>
      </Box>
    </Stack>
  );
}
