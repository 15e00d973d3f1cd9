import type { PushFirmwareResult } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The answer to a push: how many carts took the order, and each cart that did not with its reason. The carts
 * that took it show status 1–4 in the device table as they go.
 */
export function PushResultView({ result, version }: { result: PushFirmwareResult; version: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="firmware-push-result">
      <Alert severity={result.done > 0 ? 'success' : 'warning'}>
        <AlertTitle>{t('adminFirmware.push.done', { count: result.done, version })}</AlertTitle>
        {result.done > 0 && t('adminFirmware.push.followHint')}
      </Alert>
      {result.skipped.length > 0 && (
        <div>
          <Typography component="h3" variant="subtitle2">
            {t('adminFirmware.push.skippedTitle', { count: result.skipped.length })}
          </Typography>
          <List dense disablePadding data-testid="firmware-push-skipped">
            {result.skipped.map((skip) => (
              <ListItem key={skip.id} disableGutters divider>
                <ListItemText
                  primary={
                    skip.carNumber
                      ? t('adminFirmware.push.car', { number: skip.carNumber })
                      : t('adminFirmware.push.unknownCar', { id: skip.id })
                  }
                  secondary={t(`adminFirmware.push.reasons.${skip.reason}`, { version })}
                  slotProps={{ secondary: { 'data-reason': skip.reason } as object }}
                />
              </ListItem>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
