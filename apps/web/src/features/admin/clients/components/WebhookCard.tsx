import type { WebhookSubscriptionView } from '@fairway/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WebhookStatus } from './WebhookStatus';

export interface WebhookActions {
  onDeliveries: (subscription: WebhookSubscriptionView) => void;
  onEdit: (subscription: WebhookSubscriptionView) => void;
  onRotate: (subscription: WebhookSubscriptionView) => void;
  onDelete: (subscription: WebhookSubscriptionView) => void;
}

interface WebhookCardProps extends WebhookActions {
  subscription: WebhookSubscriptionView;
  siteName: string;
}

/** One subscription: where it posts, for which site and events, whether it sends, and what to do with it. */
export function WebhookCard({ subscription, siteName, ...on }: WebhookCardProps) {
  const { t } = useTranslation();
  const id = subscription._id;
  const iconButton = (label: string, icon: ReactNode, onClick: () => void, testId: string) => (
    <Tooltip title={label}>
      <IconButton aria-label={`${label}: ${subscription.url}`} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Card component="li" variant="outlined" data-testid={`webhook-${id}`}>
      <CardContent sx={{ pb: 0 }}>
        <Stack spacing={1}>
          <Typography
            component="p"
            sx={{ fontFamily: 'monospace', fontWeight: 500, wordBreak: 'break-all' }}
            data-testid="webhook-url"
          >
            {subscription.url}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="webhook-site">
            {siteName}
          </Typography>
          <Stack
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}
            component="ul"
            aria-label={t('adminWebhooks.form.events')}
          >
            {subscription.events.map((type) => (
              <li key={type}>
                <Chip size="small" label={t(`adminWebhooks.events.${type}`)} title={type} />
              </li>
            ))}
          </Stack>
          <WebhookStatus subscription={subscription} />
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button
          startIcon={<HistoryIcon />}
          onClick={() => on.onDeliveries(subscription)}
          data-testid={`webhook-deliveries-${id}`}
        >
          {t('adminWebhooks.actions.deliveries')}
        </Button>
        <Stack direction="row">
          {iconButton(
            t('adminWebhooks.actions.edit'),
            <EditIcon />,
            () => on.onEdit(subscription),
            `webhook-edit-${id}`,
          )}
          {iconButton(
            t('adminWebhooks.actions.rotate'),
            <KeyIcon />,
            () => on.onRotate(subscription),
            `webhook-rotate-${id}`,
          )}
          {iconButton(
            t('adminWebhooks.actions.delete'),
            <DeleteIcon />,
            () => on.onDelete(subscription),
            `webhook-delete-${id}`,
          )}
        </Stack>
      </CardActions>
    </Card>
  );
}
